"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorText } from "@/lib/browser/api";
import type { TokenRow } from "@/lib/settings/tokens";
import { Alert, Badge, Button, Card, CardBody, CardHeader, EmptyState } from "../ui";
import { settingsApi, useSettingsMutation } from "./mutations";
import { CreateTokenForm, type Created } from "./create-token-form";
import { formatTime } from "./format";
import { NewToken } from "./new-token";

export function TokensCard({ teamId, tokens }: { teamId: string; tokens: TokenRow[] }) {
  const router = useRouter();
  const [created, setCreated] = useState<Created | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const revoke = useSettingsMutation((id: string) => settingsApi.revokeToken(teamId, id), () => setConfirming(null));
  const error = revoke.error ? errorText(revoke.error) : null;

  return (
    <Card aria-labelledby="tokens-title">
      <CardHeader id="tokens-title" title="API tokens" description="Agents and reviewer clients authenticate with these. Stored hashed; shown once." />
      <CardBody className="space-y-4">
        {created ? (
          <NewToken name={created.name} token={created.token} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm
            teamId={teamId}
            onCreated={(t) => {
              setCreated(t);
              router.refresh();
            }}
          />
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {tokens.length === 0 ? (
          <EmptyState title="No tokens yet" description="Create one for each agent or integration, with only the scopes it needs." />
        ) : (
          <div className="relative -mx-4 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">API tokens</caption>
              <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
                <tr>
                  <th className="px-4 py-2 font-medium">Name</th>
                  <th className="px-2 py-2 font-medium">Scopes</th>
                  <th className="px-2 py-2 font-medium">Policy</th>
                  <th className="px-2 py-2 font-medium">Created</th>
                  <th className="px-2 py-2 font-medium">Last used</th>
                  <th className="px-4 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {tokens.map((t) => (
                  <tr key={t.id} className={t.revokedAt ? "text-zinc-500 dark:text-zinc-400" : undefined}>
                    <td className="px-4 py-2">
                      <span className="font-medium">{t.name}</span> <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">…{t.hint}</span>
                    </td>
                    <td className="px-2 py-2">
                      <span className="flex gap-1">
                        {t.scopes.map((s) => (
                          <Badge key={s}>{s}</Badge>
                        ))}
                      </span>
                    </td>
                    <td className="px-2 py-2">
                      <Badge tone={t.policy === "deny" ? "red" : "green"}>{t.policy}</Badge>
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">{formatTime(t.createdAt)}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{t.lastUsedAt ? formatTime(t.lastUsedAt) : "never"}</td>
                    <td className="px-4 py-2 text-right whitespace-nowrap">
                      {t.revokedAt ? (
                        <Badge tone="red" title={`Revoked ${formatTime(t.revokedAt)}`}>
                          revoked
                        </Badge>
                      ) : confirming === t.id ? (
                        <span className="inline-flex gap-1">
                          <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(t.id)}>
                            Confirm revoke
                          </Button>
                          <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                            Cancel
                          </Button>
                        </span>
                      ) : (
                        <Button size="sm" variant="secondary" onClick={() => setConfirming(t.id)} aria-label={`Revoke ${t.name}`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
