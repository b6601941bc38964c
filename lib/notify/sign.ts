// Questions-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> (SPEC §9).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export function signature(secret: string, body: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** What a receiver does; used by tests and shown in the README. */
export function verifySignature(secret: string, body: string, header: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function newSigningSecret(prefix: "whsec" | "cbsec"): string {
  return `${prefix}_${randomBytes(24).toString("base64url")}`;
}
