/** Absolute UTC time, the same on server and client (no hydration mismatch), minute precision. */
export function formatTime(iso: string | null): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
