// The hub on a real SQLite file: a failing read is logged and retried with backoff until it
// succeeds (no unhandled rejection, no waiting for the next write); a throwing listener is logged
// and does not stop delivery to the others; keyed subscribers get only their teams' and tokens'
// events; committed rows are delivered without a read only when they are next in line.
import path from "node:path";
import Database from "better-sqlite3";
import type { EventRow } from "../db/types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ownSqliteFile } from "../../tests/helpers/sqlite-file";

const file = ownSqliteFile("oq-hub-");
const dir = file.dir;

const { db, closeDb } = await import("../db/client");
const { hub } = await import("./hub");
const { log } = await import("../log");
const { INSTANCE_ID } = await import("../db/provider");
const { eventNotice } = await import("./notice");

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
let raw: Database.Database;

beforeAll(async () => {
  file.prepare();
  await db().team.create({ data: { id: "team_hub", slug: "hub", name: "Hub" } });
  await hub.ready();
  raw = new Database(path.join(dir, "questions.db"), { timeout: 5000 });
  process.on("unhandledRejection", onUnhandled);
}, 60_000);
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  raw?.close();
  await closeDb();
  file.restore();
});

const insertEvent = (table: string, teamId = "team_hub", tokenId: string | null = null) =>
  Number(
    raw
      .prepare(`INSERT INTO "${table}" (teamId, requestId, tokenId, type, payload, createdAt) VALUES (?, 'qr_x', ?, 'request.created', '{}', ?)`)
      .run(teamId, tokenId, new Date().toISOString())
      .lastInsertRowid,
  );
/** The row as the writer holds it after its commit. */
const eventRow = (id: number): EventRow => ({ ...(raw.prepare(`SELECT * FROM "Event" WHERE id = ?`).get(id) as EventRow), createdAt: new Date() });

/** Collects the ids a subscriber is offered, until `last` arrives. */
function collect(key: Parameters<typeof hub.subscribe>[1], last: number): Promise<number[]> {
  const seen: number[] = [];
  return new Promise((resolve) => {
    const stop = hub.subscribe((row) => {
      seen.push(row.id);
      if (row.id >= last) {
        stop();
        resolve(seen);
      }
    }, key);
  });
}

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

  it("offers a keyed subscriber only its teams' (and tokens') events, an unkeyed one all, in id order", async () => {
    const ids = [
      insertEvent("Event", "team_a", "tok_1"),
      insertEvent("Event", "team_b", "tok_2"),
      insertEvent("Event", "team_a", "tok_3"),
      insertEvent("Event", "team_b", "tok_1"), // a token's id in another team's row: not for team_a's token
      insertEvent("Event", "team_c", null),
    ];
    const last = ids[4]!;
    const all = collect(undefined, last);
    const teamA = collect({ teamIds: ["team_a"] }, ids[2]!);
    const teamsAC = collect({ teamIds: ["team_a", "team_c"] }, last);
    const token1 = collect({ teamIds: ["team_a"], tokenIds: ["tok_1"] }, ids[0]!);
    const token2 = collect({ tokenIds: ["tok_2"] }, ids[1]!);
    const stragglers: number[] = [];
    const stopStraggler = hub.subscribe((row) => stragglers.push(row.id), { teamIds: ["team_a"], tokenIds: ["tok_1"] });
    hub.poke();
    expect(await all).toEqual(ids);
    expect(await teamA).toEqual([ids[0], ids[2]]);
    expect(await teamsAC).toEqual([ids[0], ids[2], ids[4]]);
    expect(await token1).toEqual([ids[0]]);
    expect(await token2).toEqual([ids[1]]);
    expect(stragglers).toEqual([ids[0]]); // not team_b's row of tok_1
    stopStraggler();
    expect(hub.stats.listeners).toBe(0); // every subscriber above is gone, and its index entries with it
  });

  it("delivers rows it saw committed without reading, when they are next in line", async () => {
    await settled();
    const id = insertEvent("Event");
    const row = eventRow(id);
    raw.exec(`ALTER TABLE "Event" RENAME TO "Event_away"`); // a read would fail now
    try {
      const seen: number[] = [];
      const stop = hub.subscribe((r) => seen.push(r.id));
      hub.committed([row]);
      stop();
      expect(seen).toEqual([id]); // synchronously: no read happened
      expect(hub.stats.pumping).toBe(false);
      expect(hub.lastDispatchedId).toBe(id);
    } finally {
      raw.exec(`ALTER TABLE "Event_away" RENAME TO "Event"`);
    }
  });

  it("reads when committed rows leave a gap, and loses nothing", async () => {
    await settled();
    const before = insertEvent("Event"); // committed behind its back (another writer)
    const mine = insertEvent("Event");
    const seen = collect(undefined, mine);
    hub.committed([eventRow(mine)]);
    expect(hub.stats.pumping).toBe(true);
    expect(await seen).toEqual([before, mine]);
    // A late hand-over of a row already delivered by the read is ignored.
    const next = insertEvent("Event");
    const after = collect(undefined, next);
    hub.committed([eventRow(mine)]);
    hub.committed([eventRow(next)]);
    expect(await after).toEqual([next]);
  });

  it("reads a burst of several pages in order, each row once", async () => {
    await settled();
    const ids = raw.transaction(() => Array.from({ length: 1_234 }, () => insertEvent("Event")))();
    const seen = collect(undefined, ids.at(-1)!);
    hub.poke();
    expect(await seen).toEqual(ids);
  });

  it("survives a failed read in the middle of a burst and loses nothing", async () => {
    await settled();
    const errors = vi.spyOn(log, "error");
    const ids = raw.transaction(() => Array.from({ length: 1_234 }, () => insertEvent("Event")))();
    const seen: number[] = [];
    const all = new Promise<void>((resolve) => {
      const stop = hub.subscribe((row) => {
        // The table goes away while the first page is delivered: the second page's read fails.
        if (seen.length === 0) raw.exec(`ALTER TABLE "Event" RENAME TO "Event_away"`);
        seen.push(row.id);
        if (row.id === ids.at(-1)) {
          stop();
          resolve();
        }
      });
    });
    hub.poke();
    await vi.waitFor(() => expect(errors.mock.calls.some((c) => String(c[1]).includes("could not read new events"))).toBe(true), { timeout: 5000 });
    raw.exec(`ALTER TABLE "Event_away" RENAME TO "Event"`);
    await all;
    expect(seen).toEqual(ids);
    expect(unhandled).toEqual([]);
    errors.mockRestore();
  }, 20_000);

  it("delivers another instance's row carried in its notification without reading, when next in line", async () => {
    await settled();
    const id = insertEvent("Event");
    const row = eventRow(id);
    const { id: _, ...rest } = row;
    const carried = (instance: string) => {
      const halves = eventNotice(instance, rest)!;
      return `${halves.before}${id}${halves.after}`;
    };
    raw.exec(`ALTER TABLE "Event" RENAME TO "Event_away"`); // a read would fail now
    try {
      const seen: EventRow[] = [];
      const stop = hub.subscribe((r) => seen.push(r));
      hub.notified(carried("another-instance"));
      expect(seen).toEqual([row]); // synchronously, the row as written: no read happened
      expect(hub.stats.pumping).toBe(false);
      expect(hub.lastDispatchedId).toBe(id);
      // Our own carried row, before our query's result: delivered now; the hand-over is not news.
      const own = insertEvent("Event_away");
      hub.notified(carried(INSTANCE_ID).replace(`"id":${id},`, `"id":${own},`));
      expect(seen.map((r) => r.id)).toEqual([id, own]);
      hub.committed([{ ...rest, id: own }]);
      stop();
      expect(seen.map((r) => r.id)).toEqual([id, own]);
      expect(hub.stats.pumping).toBe(false);
    } finally {
      raw.exec(`ALTER TABLE "Event_away" RENAME TO "Event"`);
    }
    // A row too large for a notification is announced without it (and read).
    expect(eventNotice("another-instance", { ...rest, payload: "x".repeat(8_000) })).toBeNull();
  });

  it("ignores its own instance's notifications and reads on another's", async () => {
    await settled();
    const id = insertEvent("Event");
    hub.notified(INSTANCE_ID);
    expect(hub.stats.pumping).toBe(false); // its own commits were handed over directly
    const seen = collect(undefined, id);
    hub.notified("another-instance");
    expect(hub.stats.pumping).toBe(true);
    expect(await seen).toEqual([id]);
  });
});

/** Waits until no read is under way, so the next test starts from a known lastDispatchedId. */
async function settled(): Promise<void> {
  await vi.waitFor(() => expect(hub.stats.pumping).toBe(false));
  const max = (raw.prepare(`SELECT MAX(id) AS id FROM "Event"`).get() as { id: number }).id;
  if (hub.lastDispatchedId < max) {
    hub.poke();
    await vi.waitFor(() => expect(hub.lastDispatchedId).toBe(max));
  }
}
