// Per-token (or per-address, before authentication) request budget; 429 with Retry-After. Shared by
// every instance on PostgreSQL (limiter-store.ts).
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../config/env";
import { AppError } from "../errors";
import { createLimiter } from "./limiter-store";

// Made on first use, so a build that imports the routes opens no pool.
let made: RateLimiterAbstract | null | undefined;

function limiter(): RateLimiterAbstract | null {
  if (made !== undefined) return made;
  const perMinute = env().RATE_LIMIT_PER_MINUTE;
  made = perMinute > 0 ? createLimiter({ keyPrefix: "api", points: perMinute, duration: 60, blockInMemory: true }) : null;
  return made;
}

/** Spends `points` units of `key`'s budget (an MCP batch spends one per message). */
export async function rateLimit(key: string, points = 1): Promise<void> {
  const l = limiter();
  if (!l) return;
  try {
    await l.consume(key, points);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const seconds = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw new AppError("rate_limited", `Too many requests; retry in ${seconds} s.`, undefined, { "retry-after": String(seconds) });
  }
}
