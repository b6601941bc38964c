// Password hashing for browser sign-in: scrypt (memory-hard, in node:crypto, no native addon).
// Stored as `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later without breaking
// existing hashes: verification reads the parameters from the stored string.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// scrypt needs 128·N·r bytes (32 MiB here), exactly Node's default limit, so raise it.
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, opts: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on another keyboard or OS yields the same bytes.
    scrypt(password.normalize("NFKC"), salt, length, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: MAXMEM }, KEY_BYTES);
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/** False for a wrong password and for anything that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4]!, "base64");
  const expected = Buffer.from(parts[5]!, "base64");
  if (!n || !r || !p || salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, { N: n, r, p, maxmem: MAXMEM }, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (not a power of two, over maxmem): not a valid hash.
    return false;
  }
}

/** Emails are compared case-insensitively: store and look up this form. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
