// The hub on a real SQLite file: a failing read is logged and retried with backoff until it
// succeeds (no unhandled rejection, no waiting for the next write); a throwing listener is logged
// and does not stop delivery to the others.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "oq-hub-"));
const saved = { dir: process.env.DATA_DIR, url: process.env.DATABASE_URL };
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;

const { db, closeDb } = await import("../db/client");
const { hub } = await import("./hub");
const { log } = await import("../log");

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
let raw: Database.Database;

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { env: process.env, stdio: "ignore" });
  await db().team.create({ data: { id: "team_hub", slug: "hub", name: "Hub" } });
  await hub.ready();
  raw = new Database(path.join(dir, "questions.db"), { timeout: 5000 });
  process.on("unhandledRejection", onUnhandled);
}, 60_000);
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  raw?.close();
  await closeDb();
  process.env.DATA_DIR = saved.dir;
  if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
  rmSync(dir, { recursive: true, force: true });
});

const insertEvent = (table: string) =>
  Number(raw.prepare(`INSERT INTO "${table}" (teamId, requestId, type, payload, createdAt) VALUES ('team_hub', 'qr_x', 'request.created', '{}', ?)`).run(new Date().toISOString()).lastInsertRowid);

function deliveredWithin(id: number, ms: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`event ${id} not delivered within ${ms} ms`));
    }, ms);
    const stop = hub.subscribe((row) => {
      if (row.id !== id) return;
      clearTimeout(timer);
      stop();
      resolve(Date.now() - started);
    });
  });
}

describe("event hub", () => {
  it("retries a failed read with backoff and delivers once the database is back, without another poke", async () => {
    const errors = vi.spyOn(log, "error");
    raw.exec(`ALTER TABLE "Event" RENAME TO "Event_away"`);
    const id = insertEvent("Event_away");
    const delivered = deliveredWithin(id, 10_000);
    hub.poke();
    await vi.waitFor(() => expect(errors.mock.calls.some((c) => String(c[1]).includes("could not read new events"))).toBe(true), { timeout: 5000 });
    raw.exec(`ALTER TABLE "Event_away" RENAME TO "Event"`);
    await delivered; // no poke after the repair: the hub's own retry found it
    expect(unhandled).toEqual([]);
    // And it keeps delivering normally afterwards.
    const next = insertEvent("Event");
    const again = deliveredWithin(next, 5000);
    hub.poke();
    await again;
    errors.mockRestore();
  }, 20_000);

  it("logs a throwing listener and still delivers to the others", async () => {
    const errors = vi.spyOn(log, "error");
    const stopBad = hub.subscribe(() => {
      throw new Error("listener bug");
    });
    const id = insertEvent("Event");
    const delivered = deliveredWithin(id, 5000);
    hub.poke();
    await delivered;
    stopBad();
    expect(errors.mock.calls.some((c) => String(c[1]).includes("event listener failed"))).toBe(true);
    errors.mockRestore();
  });
});
