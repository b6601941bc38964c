"use client";
// One pending request in the inbox list: what is asked, by which agent, for which team, and when.
import Link from "next/link";
import { Badge, cn } from "@/components/ui";
import type { InboxItem } from "@/lib/questions/inbox";
import { relative, useNow, formatTime } from "./time";

const SOON_MS = 10 * 60_000;

export function InboxRow({ item, showTeam }: { item: InboxItem; showTeam: boolean }) {
  const now = useNow();
  const title = item.title || item.questions[0]?.prompt || item.id;
  const n = item.questions.length;
  const expiresIn = item.expiresAt ? new Date(item.expiresAt).getTime() - now : null;
  return (
    <li>
      <Link
        href={`/inbox/${item.id}`}
        data-inbox-row=""
        className={cn(
          "group flex items-start gap-3 px-4 py-3 transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/40",
          "focus-visible:bg-orange-50/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-orange-500 dark:focus-visible:bg-orange-950/20",
        )}
      >
        <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-orange-500" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-900 group-hover:underline group-hover:underline-offset-2 dark:text-zinc-100">{title}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="font-mono text-zinc-700 dark:text-zinc-300">{item.agent.name}</span>
            {showTeam ? <Badge>{item.team.name}</Badge> : <span>{item.team.name}</span>}
            <span>
              {n} {n === 1 ? "question" : "questions"}
            </span>
            <span className="hidden truncate sm:inline">{item.questions.map((q) => q.header).join(" · ")}</span>
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          <time dateTime={item.createdAt} title={formatTime(item.createdAt)} suppressHydrationWarning>
            {relative(item.createdAt, now)}
          </time>
          {expiresIn !== null ? (
            <span className={cn(expiresIn < SOON_MS && "font-medium text-amber-700 dark:text-amber-400")} suppressHydrationWarning>
              {expiresIn > 0 ? `expires ${relative(item.expiresAt!, now)}` : "expiring"}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
