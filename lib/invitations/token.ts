// The secret in an invitation link: random, shown once (in the link), stored only as a hash.
import { createHash, randomBytes } from "node:crypto";

const PREFIX = "oqi_";

export function generateInvitationToken(): string {
  return PREFIX + randomBytes(24).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Cheap shape check before a database look-up. */
export function looksLikeInvitationToken(token: string): boolean {
  return /^oqi_[A-Za-z0-9_-]{32}$/.test(token);
}
