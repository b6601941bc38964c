import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keyFile, keyRing, prepareKeys } from "./keys";

const saved = { dir: process.env.DATA_DIR, keys: process.env.QUESTIONS_KEYS };
let dir = "";
const reset = () => ((globalThis as { __questionsKeys?: unknown }).__questionsKeys = undefined);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "oq-keys-unit-"));
  process.env.DATA_DIR = dir;
  delete process.env.QUESTIONS_KEYS;
  reset();
});
afterEach(() => {
  process.env.DATA_DIR = saved.dir;
  if (saved.keys === undefined) delete process.env.QUESTIONS_KEYS;
  else process.env.QUESTIONS_KEYS = saved.keys;
  reset();
  rmSync(dir, { recursive: true, force: true });
});

describe("prepareKeys", () => {
  it("creates a 0600 key file when there is none and nothing is sealed", async () => {
    const ring = await prepareKeys(async () => []);
    expect(existsSync(keyFile())).toBe(true);
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(ring.keys.get(ring.active)).toHaveLength(32);
    // A second start reads the same key rather than making another.
    reset();
    expect((await prepareKeys(async () => [ring.active])).active).toBe(ring.active);
  });

  it("refuses to create a key while secrets are sealed, naming the file and the key ids", async () => {
    await expect(prepareKeys(async () => ["k1", "k2"])).rejects.toThrow(new RegExp(`${keyFile().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is missing.*k1, k2`));
    expect(existsSync(keyFile())).toBe(false);
  });

  it("refuses when a sealed secret's key is not in the file", async () => {
    await prepareKeys(async () => []);
    reset();
    await expect(prepareKeys(async () => ["kgone"])).rejects.toThrow(/kgone/);
  });

  it("keyRing never creates the file itself", () => {
    expect(() => keyRing()).toThrow(/missing/);
    expect(existsSync(keyFile())).toBe(false);
  });
});
