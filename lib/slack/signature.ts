// Slack request signing (v0): `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:<timestamp>:<raw body>">`
// with the app's signing secret, and `X-Slack-Request-Timestamp` within five minutes of now.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SLACK_TOLERANCE_SECONDS = 300;

export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

/** Is the timestamp a whole number of seconds within the window? (Checked before any secret is opened.) */
export function freshTimestamp(timestamp: string | null, nowMs = Date.now()): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= SLACK_TOLERANCE_SECONDS;
}

/** Constant-time comparison of the given signature with the one the secret makes. */
export function validSlackSignature(secret: string, timestamp: string, body: string, given: string | null): boolean {
  if (!given) return false;
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
