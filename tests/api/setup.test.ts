// /setup's writes (first user, default team, admin membership) on a real, empty database of
// their own: concurrent setups create exactly one admin, and never a user without its team.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawQuery } from "../helpers/raw-db";
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";
import { migrate } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-setup-"));
const pgAdmin = process.env.TEST_PG_URL;
let pgUrl: string | undefined;
// Workers can be reused by other test files: put the environment back afterwards.
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL };

beforeAll(async () => {
  // An empty database of its own (the suite's shared one already has users).
  if (pgAdmin) {
    pgUrl = await createTestDatabase(pgAdmin);
    process.env.TEST_DATABASE_URL = pgUrl;
    process.env.DATABASE_URL = pgUrl;
  } else {
    delete process.env.TEST_DATABASE_URL;
    delete process.env.DATABASE_URL;
  }
  process.env.DATA_DIR = dataDir;
  migrate(dataDir);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  if (pgAdmin && pgUrl) await dropTestDatabase(pgAdmin, pgUrl);
  rmSync(dataDir, { recursive: true, force: true });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe("first-run setup", () => {
  it("five concurrent setups: one created, one user, who is admin of the default team", async () => {
    const { createFirstAdmin, needsSetup } = await import("@/lib/auth/setup");
    expect(await needsSetup()).toBe(true);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => createFirstAdmin({ email: `admin${i}@example.test`, name: null, password: "a long password" })),
    );
    expect(results.filter((r) => r === "created")).toHaveLength(1);
    const users = await rawQuery<{ id: string }>(dataDir, `SELECT "id" FROM "User"`);
    expect(users).toHaveLength(1);
    const memberships = await rawQuery<{ userId: string; role: string; slug: string }>(
      dataDir,
      `SELECT m."userId", m."role", t."slug" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId"`,
    );
    expect(memberships).toEqual([{ userId: users[0]!.id, role: "admin", slug: "default" }]);
    expect(await needsSetup()).toBe(false);
    expect(await createFirstAdmin({ email: "late@example.test", name: null, password: "a long password" })).toBe("exists");
  });
});
