"use client";
import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";
import { settingsUrl, send } from "./mutations";
import { formatTime } from "./format";

type Secret = { secret: string; rotatedAt: string | null };

/** The key agent callbacks are signed with: revealed on demand, rotated with a confirmation. */
export function CallbackSecretCard({ teamId, rotatedAt }: { teamId: string; rotatedAt: string | null }) {
  const [shown, setShown] = useState<Secret | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function reveal() {
    setError(null);
    const res = await fetch(settingsUrl(teamId, "callback-secret"), { cache: "no-store" });
    if (!res.ok) return setError(`Could not load the secret (${res.status}).`);
    setShown((await res.json()) as Secret);
  }

  async function rotate() {
    setError(null);
    try {
      setShown(await send<Secret>("POST", settingsUrl(teamId, "callback-secret")));
      setConfirming(false);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const when = shown?.rotatedAt ?? rotatedAt;
  return (
    <Card aria-labelledby="callback-title">
      <CardHeader
        id="callback-title"
        title="Agent callbacks"
        description="Requests created with a callbackUrl are POSTed there when they resolve, signed with this secret (Questions-Signature)."
      />
      <CardBody className="space-y-3">
        {shown ? (
          <code className="block rounded bg-zinc-100 px-2 py-1 font-mono text-xs break-all select-all dark:bg-zinc-800" aria-label="Callback secret">
            {shown.secret}
          </code>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{when ? `Last rotated ${formatTime(when)}.` : "Created on first use."}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {shown ? (
            <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
              Hide secret
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={reveal}>
              Reveal secret
            </Button>
          )}
          {confirming ? (
            <>
              <Button size="sm" variant="danger" onClick={rotate}>
                Confirm rotate
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
              Rotate secret
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
