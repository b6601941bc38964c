"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "@/lib/browser/api";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";
import { notifyApi, type CallbackSecret } from "./notify-api";
import { formatTime } from "./format";

/** The key agent callbacks are signed with: revealed on demand, rotated with a confirmation. */
export function CallbackSecretCard({ teamId, rotatedAt }: { teamId: string; rotatedAt: string | null }) {
  const [shown, setShown] = useState<CallbackSecret | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Revealing is a read on demand, never cached: the secret lives only in this card's state.
  const reveal = useMutation({ mutationFn: () => notifyApi.callbackSecret(teamId), onSuccess: setShown });
  const rotate = useMutation({
    mutationFn: () => notifyApi.rotateCallbackSecret(teamId),
    onSuccess: (secret) => {
      setShown(secret);
      setConfirming(false);
    },
  });
  const failed = reveal.error ?? rotate.error;

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
        {failed ? <Alert tone="error">{errorText(failed)}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {shown ? (
            <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
              Hide secret
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => reveal.mutate()}>
              Reveal secret
            </Button>
          )}
          {confirming ? (
            <>
              <Button size="sm" variant="danger" onClick={() => rotate.mutate()}>
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
