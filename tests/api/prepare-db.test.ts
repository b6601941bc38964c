// `npm run prepare-db` (and every `npm start`) skips the Prisma CLI when every committed migration
// is applied, and still applies one that is not: a database one migration behind catches up.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawQuery } from "../helpers/raw-db";
import { dbEnv, migrate, ownDatabase, ROOT } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-prepare-"));
let dropDb: () => Promise<void> = async () => {};

// An index-only migration, so the test can undo it exactly.
const LAST = "20261203000000_history_facets";
const INDEXES = ["QuestionRequest_teamId_agentName_status_idx", "QuestionRequest_teamId_resolvedBy_agentName_idx"];

function prepareDb(): string {
  return execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { cwd: ROOT, env: { ...process.env, ...dbEnv(dataDir) }, encoding: "utf8" });
}

async function indexNames(): Promise<string[]> {
  const sql = process.env.TEST_DATABASE_URL
    ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'QuestionRequest'"
    : "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'QuestionRequest'";
  return (await rawQuery<{ name: string }>(dataDir, sql)).map((r) => r.name);
}

beforeAll(async () => {
  dropDb = await ownDatabase(dataDir); // the test takes a migration back out of the database
  migrate(dataDir);
});

afterAll(async () => {
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("prepare-db", () => {
  it("leaves an up-to-date database alone without running the Prisma CLI", async () => {
    const out = prepareDb();
    expect(out).toMatch(/^Database is up to date \(\d+ migrations applied\)\.\n$/);
    expect(out).not.toContain("migrations found"); // the CLI's own report
  });

  it("applies a migration the database lacks", async () => {
    for (const name of INDEXES) await rawQuery(dataDir, `DROP INDEX "${name}"`);
    await rawQuery(dataDir, `DELETE FROM _prisma_migrations WHERE migration_name = ?`, [LAST]);
    expect(await indexNames()).not.toContain(INDEXES[0]);

    const out = prepareDb();
    expect(out).toContain(LAST);
    expect(await indexNames()).toEqual(expect.arrayContaining(INDEXES));
    const rows = await rawQuery<{ n: number | string }>(dataDir, `SELECT COUNT(*) AS n FROM _prisma_migrations WHERE migration_name = ? AND finished_at IS NOT NULL`, [LAST]);
    expect(Number(rows[0]!.n)).toBe(1);
    expect(prepareDb()).toMatch(/^Database is up to date/);
  });
});
