// Several instances on one PostgreSQL database: a waiter on A wakes when B changes the request,
// SSE resumes on another instance, and concurrent expiry yields one transition.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@/lib/client";
import { singleSelect, uid } from "../helpers/clients";
import { collect } from "../helpers/events";
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

describe("two instances, one database", () => {
  it("a long-poll waiter on A wakes when a reviewer answers on B", async () => {
    const created = await a(tokens.agent).create(singleSelect());
    const waiting = a(tokens.agent).wait(created.id, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 200));
    await b(tokens.reviewer).reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    const result = await waiting;
    expect(result.status).toBe("answered");
  });

  it("an SSE subscriber on A sees a change made on B", async () => {
    const created = await a(tokens.agent).create(singleSelect());
    const listening = collect(a(tokens.all), {}, (s) => s.some((e) => e.requestId === created.id && e.type === "request.rejected"));
    await new Promise((r) => setTimeout(r, 300));
    await b(tokens.reviewer).reject(created.id, "not on this instance");
    const seen = await listening;
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
