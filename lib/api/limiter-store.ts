// The store behind the request budgets (rate-limit.ts) and the sign-in guard (lib/auth/login-limit.ts).
// On PostgreSQL one table shared by every instance (rate-limiter-flexible's RateLimiterPostgres on
// the app's pool; the table comes from a migration), so a budget is the same whichever instance
// serves the caller. On SQLite the app is one process: memory.
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";
import { pgPool } from "../db/client";
import { isPostgres } from "../db/provider";

export type LimiterOptions = {
  keyPrefix: string;
  points: number;
  /** the window, in seconds */
  duration: number;
  /**
   * Once a key has spent its budget, this instance refuses it from memory until the window ends,
   * without a database round trip per refused call (consume() only: a later delete() on another
   * instance would not lift it).
   */
  blockInMemory?: boolean;
};

export function createLimiter(o: LimiterOptions): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ keyPrefix: o.keyPrefix, points: o.points, duration: o.duration });
  if (!isPostgres()) return memory;
  return new RateLimiterPostgres({
    storeClient: pgPool(),
    storeType: "pool",
    tableName: "RateLimit",
    tableCreated: true,
    keyPrefix: o.keyPrefix,
    points: o.points,
    duration: o.duration,
    inMemoryBlockOnConsumed: o.blockInMemory ? o.points : 0,
    // The database unreachable: this instance's own count rather than refusing or failing every call.
    insuranceLimiter: memory,
  });
}
