// The outbox keeps teams apart: receivers that never answer (one team's callbacks, another team's
// webhook) hold only their own destination's slots, so a third team's webhook still arrives within
// a second; and a callback destination that keeps failing is paused, then resumes once it answers.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { adminOk } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";
import { rawQuery } from "../helpers/raw-db";
import { freePort, migrate, startServer, type TestServer } from "../helpers/server";
import { startReceiver, waitFor, type Receiver } from "./notify-helpers";

const PAUSE_MS = 6000;
const ENV = {
  NOTIFY_POLL_MS: "200",
  NOTIFY_TIMEOUT_MS: "10000",
  NOTIFY_RETRY_BASE_MS: "300",
  NOTIFY_RETRY_MAX_MS: String(PAUSE_MS),
  WEBHOOK_PAUSE_AFTER: "3",
  CALLBACK_HOSTS: "127.0.0.1",
};

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-notify-isolation-"));
let server: TestServer;
const receivers: Receiver[] = [];

/** A receiver that takes requests and never answers; counts what arrived and the most held open at once. */
async function blackHole(): Promise<{ url: string; hits: () => number; mostOpen: () => number; close: () => Promise<void> }> {
  let hits = 0;
  let open = 0;
  let mostOpen = 0;
  const srv: Server = createServer((req) => {
    hits++;
    mostOpen = Math.max(mostOpen, ++open);
    req.socket.once("close", () => open--);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => srv.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    mostOpen: () => mostOpen,
    close: () => new Promise((resolve) => (srv.closeAllConnections(), srv.close(() => resolve()))),
  };
}

let hole: Awaited<ReturnType<typeof blackHole>>;

beforeAll(async () => {
  // On PostgreSQL a database of our own: no other server's worker may take these deliveries.
  if (process.env.TEST_PG_URL) process.env.TEST_DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL);
  migrate(dataDir);
  hole = await blackHole();
  server = await startServer({ dataDir, env: ENV, logName: "notify-isolation.log" });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await hole?.close();
  await Promise.all(receivers.map((r) => r.close()));
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_PG_URL && process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_PG_URL, process.env.TEST_DATABASE_URL);
});

async function team(): Promise<{ slug: string; client: QuestionsClient }> {
  const slug = `t-${uid()}`;
  await adminOk(dataDir, ["team", "create", slug]);
  const out = await adminOk(dataDir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer,read"]);
  return { slug, client: new QuestionsClient({ baseUrl: server.url, token: out.trim().split("\n").at(-1)!.trim() }) };
}

async function receiver(): Promise<Receiver> {
  const rx = await startReceiver();
  receivers.push(rx);
  return rx;
}

/** Resolved requests with a callbackUrl: one callback each. */
async function callbacks(client: QuestionsClient, url: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await client.create(singleSelect({ callbackUrl: `${url}/cb/${i}` }));
    await client.cancel(r.id);
    ids.push(r.id);
  }
  return ids;
}

describe("outbox isolation", { timeout: 400_000 }, () => {
  it("another team's webhook arrives within a second while callbacks and a webhook hang on receivers that never answer", async () => {
    const [slow, slowHook, fast] = [await team(), await team(), await team()];
    await adminOk(dataDir, ["webhook", "create", "--team", slowHook.slug, "--url", `${hole.url}/hook`]);
    const rx = await receiver();
    await adminOk(dataDir, ["webhook", "create", "--team", fast.slug, "--url", `${rx.url}/fast`]);
    // 30 callbacks and 20 webhook events to receivers that never answer (10 s timeout each).
    await callbacks(slow.client, hole.url, 30);
    for (let i = 0; i < 20; i++) await slowHook.client.create(singleSelect());
    await waitFor("the worker to be sending to the black hole", () => hole.hits() >= 2);

    const sent = Date.now();
    const r = await fast.client.create(singleSelect());
    const arrived = await waitFor("the other team's webhook", () => rx.received.find((x) => (x.json.request as { id?: string } | null)?.id === r.id), 15_000);
    const latency = Date.now() - sent;
    expect(arrived.json.type).toBe("request.created");
    expect(latency).toBeLessThan(1000);
    // Each hanging destination holds at most NOTIFY_PER_DESTINATION (4) of the worker's slots.
    expect(hole.mostOpen()).toBeLessThanOrEqual(8);
  });

  it("pauses a team's callbacks to an origin that keeps failing, and resumes them once it answers", async () => {
    const t = await team();
    const rx = await receiver();
    rx.respond(500);
    const ids = await callbacks(t.client, rx.url, 5);
    // Three failures in a row pause the destination (WEBHOOK_PAUSE_AFTER=3) for NOTIFY_RETRY_MAX_MS.
    const paused = await waitFor("the destination to pause", async () => {
      const rows = await rawQuery<{ failureStreak: number; pausedUntil: string | Date | null }>(
        dataDir,
        `SELECT "failureStreak", "pausedUntil" FROM "CallbackDestination" WHERE "id" = ?`,
        [`cb:${await teamId(t.slug)}:${rx.url}`],
      );
      return rows[0]?.pausedUntil ? rows[0] : undefined;
    });
    expect(paused.failureStreak).toBeGreaterThanOrEqual(3);
    const hitsAtPause = rx.received.length;
    // Every callback comes due for a retry during the pause (backoff 150–300 ms after one failure)…
    const marks = ids.map(() => "?").join(", ");
    await waitFor("the retries to come due", async () => {
      const rows = await rawQuery<{ due: string | Date }>(dataDir, `SELECT "nextAttemptAt" AS due FROM "Delivery" WHERE "requestId" IN (${marks}) AND "status" = 'pending'`, ids);
      return rows.length === ids.length && rows.every((row) => new Date(row.due).getTime() < Date.now() - 1000);
    });
    // …and none is attempted while it lasts.
    expect(rx.received.length).toBe(hitsAtPause);
    expect(Date.now()).toBeLessThan(new Date(paused.pausedUntil!).getTime());
    // Once the pause lapses the receiver (healthy again) gets every callback, and the streak resets.
    rx.respond(200);
    const healthy = rx.received.length;
    const delivered = (id: string) => rx.received.slice(healthy).some((x) => (x.json.request as { id?: string } | null)?.id === id);
    await waitFor("every callback", () => ids.every(delivered), 30_000);
    await waitFor("the streak to reset", async () => {
      const rows = await rawQuery<{ failureStreak: number }>(dataDir, `SELECT "failureStreak" FROM "CallbackDestination" WHERE "failureStreak" = 0 AND "pausedUntil" IS NULL AND "id" LIKE ?`, [`cb:%:${rx.url}`]);
      return rows.length === 1;
    });
  });
});

async function teamId(slug: string): Promise<string> {
  return (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [slug]))[0]!.id;
}
