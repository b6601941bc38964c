// API tokens: `oqt_` + 40 random base62 characters + a 6-character checksum, so a mistyped or
// truncated token is refused without a database look-up. Only a SHA-256 hash is stored.
import { createHash, randomBytes } from "node:crypto";

export const SCOPES = ["ask", "answer", "read"] as const;
export type Scope = (typeof SCOPES)[number];

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const TOKEN = /^oqt_([0-9A-Za-z]{40})([0-9A-Za-z]{6})$/;

function base62(bytes: Buffer, length: number): string {
  let n = BigInt(`0x${bytes.toString("hex")}`);
  let out = "";
  for (let i = 0; i < length; i++) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  return base62(createHash("sha256").update(body).digest().subarray(0, 8), 6);
}

export function generateToken(): string {
  const body = base62(randomBytes(32), 40);
  return `oqt_${body}${checksum(body)}`;
}

/** Well-formed with a valid checksum: worth a database look-up. */
export function isWellFormed(token: string): boolean {
  const m = TOKEN.exec(token);
  return !!m && checksum(m[1]!) === m[2];
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function parseScopes(input: string): Scope[] {
  const scopes = input.split(",").map((s) => s.trim()).filter(Boolean);
  const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (!scopes.length || bad.length) throw new Error(`scopes must be a comma-separated subset of ${SCOPES.join(",")}`);
  return [...new Set(scopes)] as Scope[];
}
