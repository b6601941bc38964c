// Encryption keys for everything sealed (secret answers, signing secrets: lib/secrets/sealed.ts). From env (QUESTIONS_KEYS="id:base64,…" plus
// QUESTIONS_ACTIVE_KEY), else from DATA_DIR/secret-keys.json, generated with mode 0600 — but only
// by prepareKeys() at start, and only while nothing sealed needs a key: a lost key file must
// stop the server, not be replaced by a new key that silently orphans every sealed value.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { dataDir } from "../db/config";
import { writePrivateFile } from "../private-file";

export type KeyRing = { active: string; keys: Map<string, Buffer>; source: "env" | "file"; mtimeMs?: number };

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const g = globalThis as unknown as { __questionsKeys?: KeyRing };

export function keyFile(): string {
  return path.join(dataDir(), "secret-keys.json");
}

function fromEnv(spec: string): KeyRing {
  const keys = new Map<string, Buffer>();
  for (const part of spec.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [id, b64] = part.split(":");
    const key = Buffer.from(b64 ?? "", "base64");
    if (!KEY_ID.test(id ?? "") || key.length !== 32) {
      throw new Error("QUESTIONS_KEYS must be a comma-separated list of <id>:<base64 of 32 bytes>");
    }
    keys.set(id, key);
  }
  const active = process.env.QUESTIONS_ACTIVE_KEY?.trim() || [...keys.keys()].at(-1)!;
  if (!keys.has(active)) throw new Error("QUESTIONS_ACTIVE_KEY names no key in QUESTIONS_KEYS");
  return { active, keys, source: "env" };
}

type KeyFile = { active: string; keys: Record<string, string> };

function writeKeyFile(file: string, content: KeyFile, once = false): void {
  writePrivateFile(file, JSON.stringify(content, null, 2) + "\n", once);
}

function fromFile(): KeyRing {
  const file = keyFile();
  if (!existsSync(file)) throw new Error(`${file} is missing; stored secrets cannot be opened without it`);
  const content = JSON.parse(readFileSync(file, "utf8")) as KeyFile;
  const keys = new Map(Object.entries(content.keys).map(([id, b64]) => [id, Buffer.from(b64, "base64")]));
  if (!keys.has(content.active)) throw new Error(`${file}: active key is missing`);
  return { active: content.active, keys, source: "file", mtimeMs: statSync(file).mtimeMs };
}

function newKeyId(): string {
  return `k${Date.now().toString(36)}`;
}

/** Creates the key file once; if another process won the race, its file stands. */
function createKeyFile(file: string): void {
  const id = newKeyId();
  writeKeyFile(file, { active: id, keys: { [id]: randomBytes(32).toString("base64") } }, true);
}

/**
 * At start: every key a stored secret was sealed with must be present. Creates the key file only
 * when there is none and no secret is sealed yet. `sealedKeyIds` lists the key ids in use.
 */
export async function prepareKeys(sealedKeyIds: () => Promise<string[]>): Promise<KeyRing> {
  const fileMissing = !process.env.QUESTIONS_KEYS?.trim() && !existsSync(keyFile());
  const inUse = await sealedKeyIds();
  if (fileMissing) {
    if (inUse.length > 0) {
      throw new Error(
        `${keyFile()} is missing, but stored values (secret answers, webhook and callback signing secrets) are sealed with key ${inUse.join(", ")}. Restore the file (or set QUESTIONS_KEYS); refusing to create a new key.`,
      );
    }
    createKeyFile(keyFile());
  }
  const ring = keyRing();
  const missing = inUse.filter((id) => !ring.keys.has(id));
  if (missing.length > 0) {
    const where = ring.source === "env" ? "QUESTIONS_KEYS" : keyFile();
    throw new Error(`Stored values (secret answers, signing secrets) are sealed with key ${missing.join(", ")}, which ${where} does not hold. Restore it; refusing to start.`);
  }
  return ring;
}

export function keyRing(): KeyRing {
  const cached = g.__questionsKeys;
  // `keys rotate` runs in another process: pick up its new file (secret operations are rare).
  if (cached?.source === "file" && (!existsSync(keyFile()) || statSync(keyFile()).mtimeMs !== cached.mtimeMs)) {
    g.__questionsKeys = undefined;
  }
  if (!g.__questionsKeys) {
    const spec = process.env.QUESTIONS_KEYS?.trim();
    g.__questionsKeys = spec ? fromEnv(spec) : fromFile();
  }
  return g.__questionsKeys;
}

/** Adds a new active key to the key file (keeping old ones for decryption) and returns the ring. */
export function addActiveKey(): KeyRing {
  const ring = keyRing();
  if (ring.source === "env") return ring;
  const id = newKeyId();
  const keys: Record<string, string> = {};
  for (const [kid, key] of ring.keys) keys[kid] = key.toString("base64");
  keys[id] = randomBytes(32).toString("base64");
  writeKeyFile(keyFile(), { active: id, keys });
  g.__questionsKeys = undefined;
  return keyRing();
}
