"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "@/lib/browser/api";
import { Alert, Badge, Button, EmptyState, type BadgeTone } from "../ui";
import { deliveriesQuery, notifyApi } from "./notify-api";
import { formatTime } from "./format";

const TONES: Record<string, BadgeTone> = { sent: "green", pending: "amber", failed: "red", paused: "orange", skipped: "neutral" };

/** The delivery log of one webhook, refreshed every few seconds while open. */
export function WebhookDeliveries({ teamId, webhookId }: { teamId: string; webhookId: string }) {
  const queryClient = useQueryClient();
  const log = deliveriesQuery(teamId, webhookId);
  const { data, isPending } = useQuery(log);
  const redeliver = useMutation({
    mutationFn: (id: string) => notifyApi.redeliver(teamId, webhookId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: log.queryKey }),
  });

  if (isPending) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading deliveries…</p>;
  if (!data?.length) return <EmptyState title="No deliveries yet" description="Send a test, or wait for the next request." />;
  return (
    <div className="space-y-2">
      {redeliver.error ? <Alert tone="error">{errorText(redeliver.error)}</Alert> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-xs" aria-label="Delivery log">
          <thead className="text-zinc-500 dark:text-zinc-400">
            <tr>
              <th className="py-1 pr-2 font-medium">Event</th>
              <th className="px-2 py-1 font-medium">Status</th>
              <th className="px-2 py-1 font-medium">Attempts</th>
              <th className="px-2 py-1 font-medium">Response</th>
              <th className="px-2 py-1 font-medium">Last error</th>
              <th className="px-2 py-1 font-medium">Created</th>
              <th className="py-1 pl-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {data.map((d) => (
              <tr key={d.id}>
                <td className="py-1.5 pr-2">
                  <span className="font-mono">{d.type}</span>
                  {d.requestId ? <span className="block font-mono text-zinc-400">{d.requestId}</span> : null}
                </td>
                <td className="px-2 py-1.5">
                  <Badge tone={TONES[d.status] ?? "neutral"}>{d.status}</Badge>
                  {d.nextAttemptAt && d.attempts > 0 ? <span className="block text-zinc-400">retry {formatTime(d.nextAttemptAt)}</span> : null}
                </td>
                <td className="px-2 py-1.5">{d.attempts}</td>
                <td className="px-2 py-1.5" title={d.responseExcerpt ?? undefined}>
                  {d.responseCode ?? "—"}
                </td>
                <td className="max-w-[16rem] truncate px-2 py-1.5" title={d.lastError ?? undefined}>
                  {d.lastError ?? "—"}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{formatTime(d.createdAt)}</td>
                <td className="py-1.5 pl-2 text-right">
                  <Button size="sm" variant="secondary" onClick={() => redeliver.mutate(d.id)} aria-label={`Redeliver ${d.type} ${d.id}`}>
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
