// The environment variables of the event and wait machinery, parsed once with zod. One accessor,
// so they can move into the shared configuration module without touching their users.
import { z } from "zod";

const int = (def: number, min: number) => z.coerce.number().int().min(min).default(def);

const Schema = z.object({
  /** concurrent long-polls + event streams one token may hold; beyond it 429 */
  WAITS_PER_TOKEN: int(1000, 1),
  /** bytes an event stream may have queued for a client that does not read; beyond it the client is dropped */
  SSE_MAX_QUEUED_BYTES: int(1024 * 1024, 4096),
  SSE_HEARTBEAT_MS: int(15_000, 100),
  /** how long Event rows are kept (the audit trail and the resume window) */
  EVENT_RETENTION_DAYS: int(30, 1),
  /** how often open waits re-check their token (revocation) or membership (removal) */
  ACCESS_RECHECK_MS: int(15_000, 100),
  /** how often the PostgreSQL listener is probed and the hub catches up regardless of NOTIFY */
  PG_LISTENER_CHECK_MS: int(10_000, 100),
});
export type RuntimeLimits = z.output<typeof Schema>;

const g = globalThis as unknown as { __questionsLimits?: RuntimeLimits };

export function runtimeLimits(): RuntimeLimits {
  if (g.__questionsLimits) return g.__questionsLimits;
  const raw = Object.fromEntries(Object.keys(Schema.shape).map((k) => [k, process.env[k]?.trim() || undefined]));
  const parsed = Schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  return (g.__questionsLimits = parsed.data);
}
