// Create-once under a real race: several node processes prepare the key file and the auth secret in
// the same fresh DATA_DIR at the same instant. Each must end up with the one on disk — with a
// rename-based write the last writer replaces a key another process has already taken.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const run = promisify(execFile);
const CHILDREN = 4;
const ROUNDS = 12;
const tsx = path.resolve("node_modules/.bin/tsx");
const child = path.resolve("tests/unit/private-file.race-child.ts");
let base = "";

afterEach(() => rmSync(base, { recursive: true, force: true }));

async function allReady(): Promise<void> {
  while (readdirSync(base).filter((f) => f.startsWith("ready.")).length < CHILDREN) await new Promise((r) => setTimeout(r, 10));
}

it("processes starting at once all keep the key file and auth secret that are on disk", { timeout: 30_000 }, async () => {
  base = mkdtempSync(path.join(tmpdir(), "oq-private-race-"));
  for (let r = 0; r < ROUNDS; r++) mkdirSync(path.join(base, String(r)));
  const env = { ...process.env, NEXTAUTH_SECRET: "", AUTH_SECRET: "", QUESTIONS_KEYS: "" };
  const runs = Array.from({ length: CHILDREN }, (_, i) => run(tsx, [child, base, String(ROUNDS), String(i)], { env }));
  await allReady();
  writeFileSync(path.join(base, "go"), String(Date.now() + 150));
  const results = (await Promise.all(runs)).map(({ stdout }) => JSON.parse(stdout) as { key: string; secret: string }[]);

  for (let r = 0; r < ROUNDS; r++) {
    const dir = path.join(base, String(r));
    const file = JSON.parse(readFileSync(path.join(dir, "secret-keys.json"), "utf8")) as { active: string; keys: Record<string, string> };
    const secret = readFileSync(path.join(dir, "auth-secret"), "utf8").trim();
    for (const result of results) expect(result[r]).toEqual({ key: file.keys[file.active], secret });
    // No temporary file is left behind.
    expect(readdirSync(dir).sort()).toEqual(["auth-secret", "secret-keys.json"]);
  }
});
