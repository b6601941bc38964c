"use client";
// One pending request in the inbox list: what is asked, by which agent (and team, when the user
// has several), what kind of decision it is, and when.
import Link from "next/link";
import { memo } from "react";
import { Badge, cn } from "@/components/ui";
import { askedParts } from "@/lib/questions/asked";
import type { InboxItem } from "@/lib/questions/inbox";
import { InlineCode } from "./inline-code";
import { PendingRequest } from "./pending-request";
import { PresenceBadge } from "./presence-badge";
import { requestTitle } from "./request-header";
import { holdKeys } from "./type-ahead";
import { Ago, Expiry, useNow } from "./time";

const SOON_MS = 10 * 60_000;

// Approvals arrive with the approvals work (SPEC §6): detected by kind, whatever the schema says today.
const isApproval = (q: { kind: string }) => q.kind === "approval";

// Memoised: a live event replaces one item of the cached list and keeps the others' objects, so
// only that row renders again (a list of 200 re-rendered whole on every arrival).
export const InboxRow = memo(function InboxRow({ item, showTeam }: { item: InboxItem; showTeam: boolean }) {
  const now = useNow();
  const n = item.questions.length;
  const soon = item.expiresAt ? new Date(item.expiresAt).getTime() - now < SOON_MS : false;
  const approval = item.questions.some(isApproval);
  const secret = item.questions.some((q) => q.secret);
  // What is asked, beyond the title, on every screen size: enough to decide whether to open it.
  const asked = askedParts(item);
  return (
    // Rows below the fold skip layout and paint until scrolled near (a page of 200 rows laid out
    // all of them before the first ones showed); the browser keeps each row's last height.
    <li className="[contain-intrinsic-size:auto_4.75rem] [content-visibility:auto]">
      <Link
        href={`/inbox/${item.id}`}
        data-inbox-row=""
        onClick={(e) => {
          // A plain click or Enter opens the request here: hold the keys typed meanwhile for it.
          if (!e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && e.button === 0) holdKeys(`/inbox/${item.id}`);
        }}
        className={cn(
          "group flex items-start gap-3 px-4 py-3 transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/40",
          "focus-visible:bg-orange-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-500 dark:focus-visible:bg-orange-950/20",
        )}
      >
        <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-orange-500" />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm font-medium break-words text-zinc-900 group-hover:underline group-hover:underline-offset-2 dark:text-zinc-100">
            <InlineCode text={requestTitle(item)} />
          </span>
          {asked.length ? (
            <span data-asked="" className="mt-0.5 line-clamp-2 text-sm break-words text-zinc-600 dark:text-zinc-400">
              {asked.map((text, i) => (
                <span key={i}>
                  {i ? <span aria-hidden className="text-zinc-400"> · </span> : null}
                  {text.startsWith("$ ") ? <code className="font-mono text-xs">{text}</code> : <InlineCode text={text} />}
                </span>
              ))}
            </span>
          ) : null}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            {item.escalatedAt ? (
              <Badge tone="red" title={`Escalated ${new Date(item.escalatedAt).toLocaleString()}: nobody answered within the team's escalation delay`}>
                Escalated
              </Badge>
            ) : null}
            {approval ? <Badge tone="blue">Approval</Badge> : null}
            {secret ? <Badge tone="amber">Secret</Badge> : null}
            <span className="font-mono text-zinc-700 dark:text-zinc-300">{item.agent.name}</span>
            {showTeam ? <Badge>{item.team.name}</Badge> : null}
            {n > 1 ? <span>{n} questions</span> : null}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-zinc-600 dark:text-zinc-400">
          <Ago iso={item.createdAt} prefix="created" />
          <PresenceBadge presence={item.presence} />
          {item.expiresAt ? <Expiry iso={item.expiresAt} className={cn(soon && "font-medium text-amber-800 dark:text-amber-300")} /> : null}
        </span>
        <PendingRequest />
      </Link>
    </li>
  );
});
