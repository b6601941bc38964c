"use client";
import { cn } from "@/components/ui";
import { useLiveStatus } from "./live";

const look = {
  live: { dot: "bg-emerald-500", text: "Live" },
  connecting: { dot: "bg-amber-400 animate-pulse", text: "Connecting…" },
  offline: { dot: "bg-red-500", text: "Offline, retrying" },
} as const;

/** Whether the event stream is connected: the list is only as live as this. */
export function LiveIndicator() {
  const status = useLiveStatus();
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" title="Updates arrive without reloading">
      <span aria-hidden className={cn("size-1.5 rounded-full", look[status].dot)} />
      {look[status].text}
    </span>
  );
}
