"use client";
// Relative times ("3m ago", "in 2h") that stay current: one shared clock ticks for all of them.
import { useSyncExternalStore } from "react";

let now = Date.now();
const subscribers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(cb: () => void): () => void {
  subscribers.add(cb);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      subscribers.forEach((s) => s());
    }, 15_000);
  }
  return () => {
    subscribers.delete(cb);
    if (subscribers.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now, () => (typeof window === "undefined" ? Date.now() : now));
}

export function relative(iso: string, at: number): string {
  const diff = new Date(iso).getTime() - at;
  const abs = Math.abs(diff);
  const units: [number, string][] = [
    [86_400_000, "d"],
    [3_600_000, "h"],
    [60_000, "m"],
  ];
  let text = "just now";
  for (const [ms, unit] of units) {
    if (abs >= ms) {
      text = `${Math.floor(abs / ms)}${unit}`;
      break;
    }
  }
  if (text === "just now") return diff > 0 ? "in under a minute" : text;
  return diff > 0 ? `in ${text}` : `${text} ago`;
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** `<time>` with a relative label and the exact time on hover. */
export function RelativeTime({ iso, prefix, className }: { iso: string; prefix?: string; className?: string }) {
  const at = useNow();
  return (
    <time dateTime={iso} title={formatTime(iso)} className={className} suppressHydrationWarning>
      {`${prefix ? `${prefix} ` : ""}${relative(iso, at)}`}
    </time>
  );
}
