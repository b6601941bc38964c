// A SQLite database of its own for a test that loads the app's modules in-process: call it before
// their dynamic imports (DATA_DIR must point at the new directory when the client is created);
// prepare() migrates it, restore() puts the environment back and removes it (after closeDb()).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function ownSqliteFile(prefix: string): { dir: string; prepare: () => void; restore: () => void } {
  const saved = { dir: process.env.DATA_DIR, url: process.env.DATABASE_URL };
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  return {
    dir,
    prepare: () => void execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { env: process.env, stdio: "ignore" }),
    restore: () => {
      process.env.DATA_DIR = saved.dir;
      if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
