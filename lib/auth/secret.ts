// The key that signs and encrypts session cookies: NEXTAUTH_SECRET (or AUTH_SECRET), else
// DATA_DIR/auth-secret, generated once with mode 0600 so `npm start` needs no configuration.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "../config/env";
import { dataDir } from "../db/config";
import { writePrivateFile } from "../private-file";

const g = globalThis as unknown as { __questionsAuthSecret?: string };

function fromFile(): string {
  const file = path.join(dataDir(), "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  // Create-once: two processes starting at once keep one secret.
  writePrivateFile(file, randomBytes(32).toString("base64url") + "\n", true);
  return readFileSync(file, "utf8").trim();
}

export function authSecret(): string {
  g.__questionsAuthSecret ??= env().NEXTAUTH_SECRET || env().AUTH_SECRET || fromFile();
  return g.__questionsAuthSecret;
}
