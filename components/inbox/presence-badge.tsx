"use client";
// Whether the asking agent still waits: "agent waiting", or "agent gone since 14:02 UTC" (the
// last time it waited or read). Follows the live cache (request.presence events).
import { cn } from "@/components/ui";
import type { Presence } from "@/lib/questions/presence";
import { formatTime } from "@/lib/time/format";

export function PresenceBadge({ presence, className }: { presence: Presence | null | undefined; className?: string }) {
  if (!presence) return null;
  const waiting = presence.state === "waiting";
  const label = waiting ? "agent waiting" : `agent gone since ${formatTime(presence.since).slice(11)}`;
  return (
    <span
      data-presence={presence.state}
      title={waiting ? "An agent holds a wait on this request or read it just now" : `Last seen ${formatTime(presence.since)}`}
      className={cn("inline-flex items-center gap-1", waiting ? "text-emerald-700 dark:text-emerald-400" : "text-zinc-500 dark:text-zinc-400", className)}
    >
      <span aria-hidden className={cn("size-1.5 rounded-full", waiting ? "bg-emerald-500" : "bg-zinc-400")} />
      {label}
    </span>
  );
}
