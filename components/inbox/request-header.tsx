// The top of an answer page: title, agent and timing, and the request's details aside.
import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui";
import type { InboxItem } from "@openoxide/questions-core/questions/inbox";
import { formatTime } from "@openoxide/questions-core/time/format";
import { InlineCode } from "./inline-code";
import { RequestTiming, StatusBadge } from "./status-badge";

export function requestTitle(r: InboxItem): string {
  return r.title || r.questions[0]?.prompt || r.id;
}

export function RequestHeader({ request: r }: { request: InboxItem }) {
  return (
    <header className="grid gap-2">
      <Link href="/inbox" className="w-fit text-xs font-medium text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
        ← Inbox
      </Link>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h1 className="min-w-0 flex-1 text-lg font-semibold tracking-tight break-words sm:text-xl">
          <InlineCode text={requestTitle(r)} />
        </h1>
        <StatusBadge initial={r} />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="font-mono text-xs text-zinc-900 dark:text-zinc-100">{r.agent.name}</span>
        {r.agent.sessionId ? (
          <span className="hidden font-mono text-xs sm:inline" title="Session">
            {r.agent.sessionId}
          </span>
        ) : null}
        <span aria-hidden>·</span>
        <span>{r.team.name}</span>
        <span aria-hidden>·</span>
        <RequestTiming initial={r} />
      </p>
    </header>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2 py-1.5">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 truncate font-mono text-xs leading-5" title={typeof children === "string" ? children : undefined}>
        {children}
      </dd>
    </div>
  );
}

export function RequestDetails({ request: r }: { request: InboxItem }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="divide-y divide-zinc-100 px-4 py-1 text-sm dark:divide-zinc-800">
        <Row label="Agent">{r.agent.name}</Row>
        {r.agent.sessionId ? <Row label="Session">{r.agent.sessionId}</Row> : null}
        {r.agent.turnId ? <Row label="Turn">{r.agent.turnId}</Row> : null}
        {r.agent.toolCallId ? <Row label="Tool call">{r.agent.toolCallId}</Row> : null}
        <Row label="Team">{r.team.slug}</Row>
        <Row label="Source">{r.source === "model_tool" ? "model tool" : "internal"}</Row>
        <Row label="Created">{formatTime(r.createdAt)}</Row>
        {r.expiresAt ? <Row label="Expires">{formatTime(r.expiresAt)}</Row> : null}
        {r.resolvedAt ? <Row label="Ended">{formatTime(r.resolvedAt)}</Row> : null}
        <Row label="Request">{r.id}</Row>
      </dl>
    </Card>
  );
}
