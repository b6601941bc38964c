// Two instances on one PostgreSQL database, both running the delivery worker and polling hard:
// FOR UPDATE SKIP LOCKED claims mean no delivery attempt is ever made twice, and each delivery
// is accepted exactly once, even with a slow receiver that refuses some attempts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { startServer, type TestServer } from "../helpers/server";
import { startReceiver, waitFor, type Receiver } from "../api/notify-helpers";

// Instances of one deployment share their keys (the webhook's signing secret is sealed with them):
// here the suite's key file, which startServer copies into each data dir. Keys of its own would
// leave a webhook in the shared database that no other test's server could open, and since every
// sealed value must be openable at start, those servers would refuse to start.
const ENV = { NOTIFY_POLL_MS: "50", NOTIFY_RETRY_BASE_MS: "200", NOTIFY_RETRY_MAX_MS: "600", WEBHOOK_PAUSE_AFTER: "1000" };
const dirs: string[] = [];
const servers: TestServer[] = [];
let rx: Receiver;

beforeAll(async () => {
  rx = await startReceiver();
  for (let i = 0; i < 2; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), "oq-notify-multi-"));
    dirs.push(dir);
    servers.push(await startServer({ dataDir: dir, env: ENV }));
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await rx?.close();
  if (!process.env.KEEP_TEST_DATA) for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("deliveries across instances", () => {
  it("each delivery is sent once, each attempt by one instance", async () => {
    const dir = dirs[0]!;
    const slug = `multi-${uid()}`;
    expect((await runAdmin(dir, ["team", "create", slug])).code).toBe(0);
    const token = (await runAdmin(dir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer"])).stdout.trim().split("\n").at(-1)!;
    expect((await runAdmin(dir, ["webhook", "create", "--team", slug, "--url", `${rx.url}/multi`])).code).toBe(0);

    // Slow answers widen the window in which both workers look at the same due rows;
    // every third attempt is refused, so retries are claimed by whichever instance is first.
    const accepted = new Map<string, number>();
    rx.respond((r, n) => {
      if (n % 3 === 0) return 500;
      const id = String(r.headers["questions-delivery"]);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      return 200;
    });
    const clients = servers.map((s) => new QuestionsClient({ baseUrl: s.url, token }));
    // One at a time, alternating instances: every commit wakes both workers (NOTIFY) at once.
    const created = [];
    for (let i = 0; i < 20; i++) created.push(await clients[i % 2]!.create(singleSelect()));
    // Resolve half of them on the other instance: two deliveries for those.
    for (const [i, r] of created.slice(0, 10).entries()) await clients[(i + 1) % 2]!.reply(r.id, { answers: { db: { selected: ["SQLite"] } } });

    let last: unknown[] = [];
    const rows = await waitFor(
      "every delivery to be sent",
      async () => {
        const all = await rawQuery<{ id: string; status: string; attempts: number }>(
          dir,
          `SELECT d.id, d.status, d.attempts FROM "Delivery" d JOIN "Webhook" w ON w.id = d."webhookId" JOIN "Team" t ON t.id = w."teamId" WHERE t.slug = ?`,
          [slug],
        );
        last = all;
        return all.length === 30 && all.every((r) => r.status === "sent") ? all : undefined;
      },
      45_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(last)} received ${rx.received.length}`);
    });
    await new Promise((r) => setTimeout(r, 500));
    for (const row of rows) {
      expect(accepted.get(row.id), row.id).toBe(1);
      const received = rx.received.filter((r) => r.headers["questions-delivery"] === row.id).length;
      // Never more receipts than recorded attempts: no attempt was made by both instances.
      expect(received, row.id).toBeLessThanOrEqual(Number(row.attempts));
    }
    expect(rx.received.length).toBeGreaterThan(30); // retries happened
  }, 180_000);
});
