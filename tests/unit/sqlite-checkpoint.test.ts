// WAL checkpoints on SQLite come from the worker thread (lib/db/sqlite-checkpoint.ts), not from the
// server's commits: the writer's automatic checkpoint is moved to a backstop mark, and the WAL is
// still reset (its header's checkpoint counter moves on) after a few small writes, which only a
// checkpoint by someone else makes happen.
import { openSync, readSync, closeSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownSqliteFile } from "../helpers/sqlite-file";

const file = ownSqliteFile("oq-checkpoint-");
const dir = file.dir;
const { db, closeDb, sqliteExclusive } = await import("../../lib/db/client");
const { BACKSTOP_PAGES } = await import("../../lib/db/sqlite-checkpoint");

const TEAM = "team_checkpoint";

/** The WAL header's checkpoint sequence number: SQLite bumps it each time the WAL restarts from the top. */
function walCheckpoints(): number {
  const fd = openSync(path.join(dir, "questions.db-wal"), "r");
  try {
    const header = Buffer.alloc(16);
    readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}

beforeAll(file.prepare, 120_000);

afterAll(async () => {
  await closeDb();
  file.restore();
});

describe("SQLite WAL checkpoints", () => {
  it("the server's connection leaves them to the worker (its own only at the backstop mark)", async () => {
    await db().team.create({ data: { id: TEAM, slug: `checkpoint-${Date.now()}`, name: "Checkpoint" } });
    const mark = await sqliteExclusive((c) => c.pragma("wal_autocheckpoint", { simple: true }));
    expect(Number(mark)).toBe(BACKSTOP_PAGES);
  });

  it("the worker checkpoints: a few small writes later the WAL has restarted", async () => {
    const before = walCheckpoints();
    // A handful of pages, far below either mark: only the worker's checkpoint lets the WAL restart.
    for (let i = 0; i < 200 && walCheckpoints() === before; i++) {
      await db().team.update({ where: { id: TEAM }, data: { name: `Checkpoint ${i}` } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(walCheckpoints()).toBeGreaterThan(before);
  }, 60_000);
});
