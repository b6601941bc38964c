"use client";
// The request's status and timing, following the live cache (the header is rendered on the server).
import { Badge, statusTone } from "@/components/ui";
import type { InboxItem } from "@/lib/questions/inbox";
import { PresenceBadge } from "./presence-badge";
import { Ago, Ended, Expiry } from "./time";
import { useLiveRequest } from "./use-live-request";

export function StatusBadge({ initial }: { initial: InboxItem }) {
  const data = useLiveRequest(initial);
  return (
    <>
      {data.status === "pending" && data.escalatedAt ? (
        <Badge tone="red" className="mt-1" title="Nobody answered within the team's escalation delay; the escalation list was notified.">
          Escalated
        </Badge>
      ) : null}
      <Badge tone={statusTone(data.status)} className="mt-1 capitalize">
        {data.status}
      </Badge>
    </>
  );
}

/** "created 3 min ago · expires in 47 min", or how and when it ended once terminal. */
export function RequestTiming({ initial }: { initial: InboxItem }) {
  const r = useLiveRequest(initial);
  return (
    <>
      <Ago iso={r.createdAt} prefix="created" />
      {r.status !== "pending" ? (
        <>
          <span aria-hidden>·</span>
          <Ended request={r} className="font-medium text-zinc-900 dark:text-zinc-100" />
        </>
      ) : r.expiresAt ? (
        <>
          <span aria-hidden>·</span>
          <Expiry iso={r.expiresAt} className="text-amber-800 dark:text-amber-300" />
        </>
      ) : null}
      {r.status === "pending" && r.presence ? (
        <>
          <span aria-hidden>·</span>
          <PresenceBadge presence={r.presence} />
        </>
      ) : null}
    </>
  );
}
