// Several instances on one PostgreSQL database: a waiter on A wakes when B changes the request,
// SSE resumes on another instance, and concurrent expiry yields one transition.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { singleSelect, uid } from "../helpers/clients";
import { collect } from "../helpers/events";
import { parked } from "../helpers/parked";
import { rawQuery } from "../helpers/raw-db";
import { startServer, type TestServer } from "../helpers/server";

const tokens = inject("tokens");
const dataDir = inject("dataDir");
const a = (token: string) => new QuestionsClient({ baseUrl: inject("baseUrl"), token });
let serverB: TestServer;
let bDir: string;
const b = (token: string) => new QuestionsClient({ baseUrl: serverB.url, token });

beforeAll(async () => {
  bDir = mkdtempSync(path.join(tmpdir(), "oq-instance-b-"));
  serverB = await startServer({ dataDir: bDir, env: { DATABASE_POOL_SIZE: "20" } });
});
afterAll(async () => {
  await serverB?.stop();
  rmSync(bDir, { recursive: true, force: true });
});

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A waiter on A (20 s wait) must return within 2 s of a reply on B: NOTIFY, not the deadline. */
async function expectCrossInstanceWake(): Promise<void> {
  const created = await a(tokens.agent).create(singleSelect());
  let wokeAt = 0;
  const waiting = a(tokens.agent)
    .wait(created.id, { timeoutMs: 20_000 })
    .then((r) => {
      wokeAt = Date.now();
      return r;
    });
  // Parked on A (A reports it) before B answers: B's event, through the database, must wake it.
  await parked(created.id);
  await b(tokens.reviewer).reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
  const repliedAt = Date.now();
  expect((await waiting).status).toBe("answered");
  expect(wokeAt - repliedAt).toBeLessThan(2_000);
}

describe("two instances, one database", () => {
  it("a long-poll waiter on A wakes within 2 s when a reviewer answers on B", async () => {
    await expectCrossInstanceWake();
  });

  it("after the listener's backend is terminated, a cross-instance wake still arrives within 2 s", async () => {
    const killed = await rawQuery<{ pid: number }>(
      dataDir,
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'questions-listener' AND datname = current_database()`,
    );
    // One listener per instance: A and B, and maybe a server of a multi file running beside this one.
    expect(killed.length).toBeGreaterThanOrEqual(2);
    await rawQuery(dataDir, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'questions-listener' AND datname = current_database()`);
    // The listeners come back on their own (a fresh backend each), well before the periodic catch-up.
    await waitFor(async () => {
      const now = await rawQuery<{ pid: number }>(dataDir, `SELECT pid FROM pg_stat_activity WHERE application_name = 'questions-listener' AND datname = current_database()`);
      return now.length >= 2 && now.every((r) => !killed.some((k) => k.pid === r.pid));
    }, 10_000);
    await expectCrossInstanceWake();
  });

  it("an SSE subscriber on A sees a change made on B within 2 s", async () => {
    const created = await a(tokens.agent).create(singleSelect());
    const listening = collect(a(tokens.all), {}, (s) => s.some((e) => e.requestId === created.id && e.type === "request.rejected"));
    await new Promise((r) => setTimeout(r, 300));
    await b(tokens.reviewer).reject(created.id, "not on this instance");
    const rejectedAt = Date.now();
    const seen = await listening;
    expect(Date.now() - rejectedAt).toBeLessThan(2_000);
    expect(seen.filter((e) => e.requestId === created.id).map((e) => e.type)).toContain("request.rejected");
  });

  it("SSE resumes on the other instance with no gap or duplicate", async () => {
    const first = await a(tokens.agent).create(singleSelect({ agent: { name: `resume-${uid()}` } }));
    const before = await collect(a(tokens.all), { lastEventId: 0, reconnect: false }, (s) => s.some((e) => e.requestId === first.id));
    const resumeFrom = before.find((e) => e.requestId === first.id)!.id;
    const second = await b(tokens.agent).create(singleSelect());
    await a(tokens.reviewer).reply(first.id, { answers: { db: { selected: ["SQLite"] } } });
    await b(tokens.reviewer).reject(second.id, "later");
    const ours = new Set([first.id, second.id]);
    const after = await collect(b(tokens.all), { lastEventId: resumeFrom, reconnect: false }, (s) => s.filter((e) => ours.has(e.requestId)).length >= 3);
    expect(after.filter((e) => ours.has(e.requestId)).map((e) => [e.requestId, e.type])).toEqual([
      [second.id, "request.created"],
      [first.id, "request.answered"],
      [second.id, "request.rejected"],
    ]);
    const ids = after.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > resumeFrom)).toBe(true);
  });

  it("a request expires exactly once when both instances race for it", async () => {
    const requests = await Promise.all(Array.from({ length: 5 }, () => a(tokens.agent).create(singleSelect({ timeoutSeconds: 10 }))));
    // Waiters on both instances also try to expire what they read as due.
    const results = await Promise.all(
      requests.flatMap((r) => [a(tokens.agent).wait(r.id, { timeoutMs: 30_000 }), b(tokens.agent).wait(r.id, { timeoutMs: 30_000 })]),
    );
    expect(results.every((r) => r.status === "expired" && r.version === 2)).toBe(true);
    for (const r of requests) {
      const rows = await rawQuery<{ n: number | string }>(dataDir, `SELECT COUNT(*) AS n FROM "Event" WHERE "requestId" = ? AND type = 'request.expired'`, [r.id]);
      expect(Number(rows[0]!.n)).toBe(1);
    }
  }, 40_000);

  it("one winner among concurrent replies sent to both instances", async () => {
    const created = await a(tokens.agent).create(singleSelect());
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b)(tokens.reviewer).reply(created.id, { answers: { db: { selected: [i % 2 ? "SQLite" : "PostgreSQL"] } } })),
    );
    expect(attempts.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of attempts) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
  });
});
