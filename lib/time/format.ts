// Times as every page shows them (issue 13): one absolute format, in UTC like history and
// settings so server and browser render the same text, and relative labels in the right tense.
const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-02 09:41 UTC`. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "47 min", "2 h 5 min", "3 d 4 h": a span rounded down, coarser as it grows. */
export function span(ms: number): string {
  const m = Math.floor(ms / 60_000);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 && h < 6 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 && d < 3 ? `${d} d ${h % 24} h` : `${d} d`;
}

/** A past moment: "just now", "3 min ago". A moment slightly ahead (clock skew) is "just now". */
export function ago(iso: string, now: number): string {
  const ms = now - new Date(iso).getTime();
  return ms < 60_000 ? "just now" : `${span(ms)} ago`;
}

/** A deadline: "in 47 min", "in under a minute"; null once it has passed. */
export function until(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  return ms < 60_000 ? "in under a minute" : `in ${span(ms)}`;
}
