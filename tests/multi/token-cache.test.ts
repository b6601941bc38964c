// Two instances on one PostgreSQL database, each caching tokens and webhooks for 10 minutes (so
// the TTL cannot be what makes these pass): a change made through one instance, or with the admin
// CLI, reaches the other's cache through NOTIFY; and a listener that reconnects drops everything
// it cached, since it may have missed notifications while it was away.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, QuestionsClient } from "@openoxide/questions-client";
import { adminOk, cliTeam } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { dbEnv, migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { signIn } from "../api/notify-helpers";

// A database of our own: these tests add instances and restart listeners, which the other
// multi-instance files (counting listeners on the suite's database) must not see.
const dataDir = mkdtempSync(path.join(tmpdir(), "oq-cache-a-")); // A's, also used by the CLI and raw queries
const bDir = mkdtempSync(path.join(tmpdir(), "oq-cache-b-"));
const ENV = { TOKEN_CACHE_SECONDS: "600" };
let dropDb: () => Promise<void> = async () => {};
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  a = await startServer({ dataDir, env: ENV });
  // Same database and keys as A.
  copyFileSync(path.join(dataDir, "secret-keys.json"), path.join(bDir, "secret-keys.json"));
  b = await startServer({ dataDir: bDir, env: { ...ENV, DATABASE_URL: dbEnv(dataDir).DATABASE_URL! } });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await dropDb();
  for (const d of [dataDir, bDir]) rmSync(d, { recursive: true, force: true });
});

const cli = (args: string[]) => adminOk(dataDir, args);

async function team() {
  const t = await cliTeam(dataDir);
  return {
    slug: t.slug,
    teamId: t.teamId,
    tokenId: t.tokenId,
    on: (s: TestServer) => new QuestionsClient({ baseUrl: s.url, token: t.token }),
    ui: (s: TestServer) => signIn(s.url, t.email, t.password),
  };
}

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (e) {
    if (e instanceof ApiError) return e.status;
    throw e;
  }
}

/** NOTIFY reaches the other instance asynchronously: allow it 2 s (against a 10-minute TTL). */
async function eventually<T>(fn: () => Promise<T>, want: T): Promise<void> {
  const deadline = Date.now() + 2_000;
  let last = await fn();
  while (last !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    last = await fn();
  }
  expect(last).toBe(want);
}

const deliveriesOf = (requestId: string) =>
  rawQuery<{ webhookId: string }>(dataDir, `SELECT "webhookId" FROM "Delivery" WHERE "requestId" = ? AND kind = 'webhook'`, [requestId]);

describe("token and webhook caches across instances", () => {
  it("a token revoked on A is refused by B", async () => {
    const t = await team();
    const created = await t.on(b).create(singleSelect());
    expect(await status(t.on(b).get(created.id))).toBe(200); // cached on B
    const ui = await t.ui(a);
    expect((await ui("POST", `/api/ui/settings/teams/${t.teamId}/tokens/${t.tokenId}/revoke`, {})).status).toBe(200);
    await eventually(() => status(t.on(b).get(created.id)), 401);
  });

  it("a token revoked with the admin CLI is refused by both instances", async () => {
    const t = await team();
    const created = await t.on(a).create(singleSelect());
    expect(await status(t.on(a).get(created.id))).toBe(200);
    expect(await status(t.on(b).get(created.id))).toBe(200);
    await cli(["token", "revoke", t.tokenId]);
    await eventually(() => status(t.on(a).get(created.id)), 401);
    await eventually(() => status(t.on(b).get(created.id)), 401);
  });

  it("policy deny set on A rejects the next create on B", async () => {
    const t = await team();
    expect((await t.on(b).create(singleSelect())).status).toBe("pending");
    const ui = await t.ui(a);
    expect((await ui("PATCH", `/api/ui/settings/teams/${t.teamId}`, { policy: "deny" })).status).toBe(200);
    await eventually(async () => (await t.on(b).create(singleSelect())).status, "rejected");
  });

  it("a webhook added on A gets deliveries for requests created on B", async () => {
    const t = await team();
    await t.on(b).create(singleSelect()); // B caches "no webhooks"
    const ui = await t.ui(a);
    const res = await ui("POST", `/api/ui/settings/teams/${t.teamId}/webhooks`, { url: "http://127.0.0.1:9/hook" });
    expect(res.status).toBe(201);
    const hookId = ((await res.json()) as { webhook: { id: string } }).webhook.id;
    await eventually(async () => (await deliveriesOf((await t.on(b).create(singleSelect())).id)).length, 1);
    expect((await deliveriesOf((await t.on(b).create(singleSelect())).id))[0]!.webhookId).toBe(hookId);
  });

  it("a listener that reconnects drops what its instance cached (notifications may have been missed)", async () => {
    const t = await team();
    const created = await t.on(b).create(singleSelect());
    expect(await status(t.on(b).get(created.id))).toBe(200);
    // Revoked behind the app's back: no NOTIFY, as if it had been lost.
    await rawQuery(dataDir, `UPDATE "ApiToken" SET "revokedAt" = now() WHERE id = ?`, [t.tokenId]);
    expect(await status(t.on(b).get(created.id))).toBe(200); // still cached: the TTL is 10 minutes
    const listeners = `SELECT pid FROM pg_stat_activity WHERE application_name = 'questions-listener' AND datname = current_database()`;
    const killed = await rawQuery<{ pid: number }>(dataDir, listeners);
    await rawQuery(dataDir, `SELECT pg_terminate_backend(pid) FROM (${listeners}) l`);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const now = await rawQuery<{ pid: number }>(dataDir, listeners);
      if (now.length === killed.length && now.every((r) => !killed.some((k) => k.pid === r.pid))) break;
      if (Date.now() > deadline) throw new Error("listeners did not come back");
      await new Promise((r) => setTimeout(r, 100));
    }
    await eventually(() => status(t.on(b).get(created.id)), 401);
  });
});
