// The key that signs and encrypts session cookies: NEXTAUTH_SECRET (or AUTH_SECRET), else
// DATA_DIR/auth-secret, generated once with mode 0600 so `npm start` needs no configuration.
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../config/env";
import { dataDir } from "../db/config";

const g = globalThis as unknown as { __questionsAuthSecret?: string };

function fromFile(): string {
  const file = path.join(dataDir(), "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, randomBytes(32).toString("base64url") + "\n", { mode: 0o600 });
  chmodSync(tmp, 0o600);
  try {
    // link() fails if the file exists: two processes starting at once keep one secret.
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}

export function authSecret(): string {
  g.__questionsAuthSecret ??= env().NEXTAUTH_SECRET || env().AUTH_SECRET || fromFile();
  return g.__questionsAuthSecret;
}
