// A bad configuration value stops the start (both `next start` and `npm start`), naming the variable.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, startServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("configuration", () => {
  it("next start refuses RATE_LIMIT_PER_MINUTE=abc with a message naming it", async () => {
    const started = startServer({ dataDir, env: { RATE_LIMIT_PER_MINUTE: "abc" } });
    await expect(started).rejects.toThrow(/server exited early[\s\S]*RATE_LIMIT_PER_MINUTE: expected a whole number/);
  });

  it("refuses CALLBACK_HOSTS entries that could never match a callback's host, naming the variable", async () => {
    const started = startServer({ dataDir, env: { CALLBACK_HOSTS: "http://x/,," } });
    await expect(started).rejects.toThrow(/server exited early[\s\S]*CALLBACK_HOSTS: entry 1 is not a host name/);
  });

  it("npm start refuses it too, before migrating or building", () => {
    const res = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "abc", TRUST_PROXY: "maybe", PORT: "1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("RATE_LIMIT_PER_MINUTE: expected a whole number");
    expect(res.stderr).toContain("TRUST_PROXY:");
    expect(res.stdout).not.toContain("Serving on");
  });
});
