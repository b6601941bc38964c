// Per-token (or per-address, before authentication) request budget; 429 with Retry-After.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "../config/env";
import { AppError } from "../errors";

const perMinute = env().RATE_LIMIT_PER_MINUTE;
const g = globalThis as unknown as { __questionsLimiter?: RateLimiterMemory };
const limiter = perMinute > 0 ? (g.__questionsLimiter ??= new RateLimiterMemory({ points: perMinute, duration: 60 })) : null;

/** Spends `points` units of `key`'s budget (an MCP batch spends one per message). */
export async function rateLimit(key: string, points = 1): Promise<void> {
  if (!limiter) return;
  try {
    await limiter.consume(key, points);
  } catch (e) {
    // By shape, not class: the limiter on globalThis may come from another bundle's copy of the
    // library (the front's, or a route's), whose RateLimiterRes is a different class.
    if (typeof (e as RateLimiterRes | null)?.msBeforeNext !== "number") throw e;
    const seconds = Math.max(1, Math.ceil((e as RateLimiterRes).msBeforeNext / 1000));
    throw new AppError("rate_limited", `Too many requests; retry in ${seconds} s.`, undefined, { "retry-after": String(seconds) });
  }
}
