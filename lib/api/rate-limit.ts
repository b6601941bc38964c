// Per-token (or per-address, before authentication) request budget; 429 with Retry-After. Shared by
// every instance on PostgreSQL (limiter-store.ts).
import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../config/env";
import { AppError } from "../errors";
import { createLimiter } from "./limiter-store";

// On globalThis: the front's bundle and the route bundles each load this module. Made on first use,
// so a build that imports the routes opens no pool.
const g = globalThis as unknown as { __questionsLimiter?: RateLimiterAbstract | null };

function limiter(): RateLimiterAbstract | null {
  if (g.__questionsLimiter !== undefined) return g.__questionsLimiter;
  const perMinute = env().RATE_LIMIT_PER_MINUTE;
  g.__questionsLimiter = perMinute > 0 ? createLimiter({ keyPrefix: "api", points: perMinute, duration: 60, blockInMemory: true }) : null;
  return g.__questionsLimiter;
}

/** Spends `points` units of `key`'s budget (an MCP batch spends one per message). */
export async function rateLimit(key: string, points = 1): Promise<void> {
  const l = limiter();
  if (!l) return;
  try {
    await l.consume(key, points);
  } catch (e) {
    // By shape, not class: the limiter on globalThis may come from another bundle's copy of the
    // library (the front's, or a route's), whose RateLimiterRes is a different class.
    if (typeof (e as RateLimiterRes | null)?.msBeforeNext !== "number") throw e;
    const seconds = Math.max(1, Math.ceil((e as RateLimiterRes).msBeforeNext / 1000));
    throw new AppError("rate_limited", `Too many requests; retry in ${seconds} s.`, undefined, { "retry-after": String(seconds) });
  }
}
