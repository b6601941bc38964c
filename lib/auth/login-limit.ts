// Brute-force guard for password sign-in: failed attempts are counted per email and per client
// address over 15 minutes; a success clears the email's count. Per process, like the API limit.
import { RateLimiterMemory } from "rate-limiter-flexible";
import { env } from "../config/env";

const WINDOW_SECONDS = 15 * 60;
const perEmail = env().SIGNIN_ATTEMPTS_PER_EMAIL;
const perAddress = env().SIGNIN_ATTEMPTS_PER_ADDRESS;

type Limiters = { email: RateLimiterMemory; address: RateLimiterMemory };
const g = globalThis as unknown as { __questionsLoginLimit?: Limiters };
const limiters = (g.__questionsLoginLimit ??= {
  email: new RateLimiterMemory({ points: Math.max(1, perEmail), duration: WINDOW_SECONDS, keyPrefix: "login-email" }),
  address: new RateLimiterMemory({ points: Math.max(1, perAddress), duration: WINDOW_SECONDS, keyPrefix: "login-addr" }),
});

export class TooManyAttempts extends Error {
  constructor() {
    // The message travels to the sign-in page as the error code.
    super("RateLimited");
  }
}

async function spent(limiter: RateLimiterMemory, key: string, max: number): Promise<boolean> {
  if (max <= 0) return false;
  const res = await limiter.get(key);
  return !!res && res.consumedPoints >= max;
}

export async function assertCanTry(email: string, address: string): Promise<void> {
  if ((await spent(limiters.email, email, perEmail)) || (await spent(limiters.address, address, perAddress))) {
    throw new TooManyAttempts();
  }
}

export async function recordFailure(email: string, address: string): Promise<void> {
  // consume() rejects once the budget is gone; that is the state we record, not an error.
  await Promise.allSettled([limiters.email.consume(email), limiters.address.consume(address)]);
}

export async function recordSuccess(email: string): Promise<void> {
  await limiters.email.delete(email);
}
