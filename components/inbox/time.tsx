"use client";
// The one time component of the inbox (issue 13): relative labels in the right tense that stay
// current (one shared clock ticks for all of them), the exact time on hover, and for a request
// how long it has left or when and how it ended.
import { useSyncExternalStore } from "react";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { ago, formatTime, until } from "@/lib/time/format";

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

type Props = { iso: string; prefix?: string; className?: string };

/** A past moment: "created 3 min ago", the exact time on hover. */
export function Ago({ iso, prefix, className }: Props) {
  const at = useNow();
  return (
    <time dateTime={iso} title={formatTime(iso)} className={className} suppressHydrationWarning>
      {`${prefix ? `${prefix} ` : ""}${ago(iso, at)}`}
    </time>
  );
}

/** A pending request's deadline: "expires in 47 min", or "expired at …" once it has passed. */
export function Expiry({ iso, className }: { iso: string; className?: string }) {
  const at = useNow();
  const left = until(iso, at);
  return (
    <time dateTime={iso} title={formatTime(iso)} className={className} suppressHydrationWarning>
      {left ? `expires ${left}` : `expired at ${formatTime(iso)}`}
    </time>
  );
}

const ENDED: Record<Exclude<QuestionRequest["status"], "pending">, string> = {
  answered: "answered",
  rejected: "rejected",
  cancelled: "cancelled",
  expired: "expired",
};

function byWhom(r: QuestionRequest): string {
  if (r.status === "expired") return "";
  if (r.status === "cancelled") return " by the agent";
  if (!r.resolvedBy || r.resolvedBy === "system") return " automatically";
  return r.resolvedBy.startsWith("token:") ? ` by ${r.resolvedBy.slice(6)} (API token)` : ` by ${r.resolvedBy}`;
}

/** How and when a terminal request ended: "answered by ann@… 2 min ago". */
export function Ended({ request: r, className }: { request: QuestionRequest; className?: string }) {
  if (r.status === "pending") return null;
  const at = r.resolvedAt ?? r.expiresAt;
  const how = `${ENDED[r.status]}${byWhom(r)}`;
  return at ? <Ago iso={at} prefix={how} className={className} /> : <span className={className}>{how}</span>;
}
