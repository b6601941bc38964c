// How the insights page writes durations, shares and outcome names.
import type { Insights } from "@openoxide/questions-core/insights/schemas";

/** 42 s, 3 min 5 s, 2 h 10 min, 3 d 4 h: the two largest units. */
export function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const units: [string, number][] = [["d", 86_400], ["h", 3_600], ["min", 60], ["s", 1]];
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [name, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n || (parts.length && parts.length < 2)) parts.push(`${n} ${name}`);
    if (parts.length === 2) break;
  }
  return parts.filter((p) => !p.startsWith("0 ")).join(" ") || "0 s";
}

/** Axis ticks: one unit, rounded (90 → "1.5m"). */
export function shortDuration(seconds: number): string {
  if (seconds >= 86_400) return `${+(seconds / 86_400).toFixed(1)}d`;
  if (seconds >= 3_600) return `${+(seconds / 3_600).toFixed(1)}h`;
  if (seconds >= 60) return `${+(seconds / 60).toFixed(1)}m`;
  return `${seconds}s`;
}

export const percent = (share: number) => `${Math.round(share * 100)} %`;

export type OutcomeKey = keyof Insights["counts"] & keyof Insights["byDay"][number];
export const OUTCOMES: { key: OutcomeKey; label: string; className: string }[] = [
  { key: "answered", label: "Answered", className: "fill-emerald-600 dark:fill-emerald-400" },
  { key: "decidedByRule", label: "Decided by rule", className: "fill-sky-600 dark:fill-sky-400" },
  { key: "rejected", label: "Rejected", className: "fill-rose-600 dark:fill-rose-400" },
  { key: "cancelled", label: "Cancelled", className: "fill-zinc-500 dark:fill-zinc-400" },
  { key: "expired", label: "Expired", className: "fill-amber-500 dark:fill-amber-300" },
];
