// The fast insert on SQLite (the PostgreSQL run is tests/multi/fast-insert.test.ts): see fast-insert.suite.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const saved = { dir: process.env.DATA_DIR, url: process.env.DATABASE_URL };
const dir = mkdtempSync(path.join(tmpdir(), "oq-fast-"));
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;
const { fastInsertSuite } = await import("./fast-insert.suite");

fastInsertSuite(async () => async () => {
  process.env.DATA_DIR = saved.dir;
  if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
  rmSync(dir, { recursive: true, force: true });
});
