// Brute-force guard for password sign-in: failed attempts are counted per email and per client
// address over 15 minutes; a success clears the email's count. Shared by every instance on
// PostgreSQL, like the API budgets (lib/api/limiter-store.ts).
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createLimiter } from "../api/limiter-store";
import { env } from "../config/env";

const WINDOW_SECONDS = 15 * 60;

type Limiters = { email: RateLimiterAbstract; address: RateLimiterAbstract; perEmail: number; perAddress: number };
const g = globalThis as unknown as { __questionsLoginLimit?: Limiters };

/** Made on first use (a build imports this module and must open no pool). */
function limiters(): Limiters {
  if (g.__questionsLoginLimit) return g.__questionsLoginLimit;
  const { SIGNIN_ATTEMPTS_PER_EMAIL: perEmail, SIGNIN_ATTEMPTS_PER_ADDRESS: perAddress } = env();
  g.__questionsLoginLimit = {
    email: createLimiter({ keyPrefix: "login-email", points: Math.max(1, perEmail), duration: WINDOW_SECONDS }),
    address: createLimiter({ keyPrefix: "login-addr", points: Math.max(1, perAddress), duration: WINDOW_SECONDS }),
    perEmail,
    perAddress,
  };
  return g.__questionsLoginLimit;
}

export class TooManyAttempts extends Error {
  constructor() {
    // The message travels to the sign-in page as the error code.
    super("RateLimited");
  }
}

async function spent(limiter: RateLimiterAbstract, key: string, max: number): Promise<boolean> {
  if (max <= 0) return false;
  const res = await limiter.get(key);
  return !!res && res.consumedPoints >= max;
}

export async function assertCanTry(email: string, address: string): Promise<void> {
  const l = limiters();
  if ((await spent(l.email, email, l.perEmail)) || (await spent(l.address, address, l.perAddress))) {
    throw new TooManyAttempts();
  }
}

export async function recordFailure(email: string, address: string): Promise<void> {
  const l = limiters();
  // consume() rejects once the budget is gone; that is the state we record, not an error.
  await Promise.allSettled([l.email.consume(email), l.address.consume(address)]);
}

export async function recordSuccess(email: string): Promise<void> {
  await limiters().email.delete(email);
}
