// The token and webhook caches must never outlive a change: with a 10-minute TTL (so the TTL
// cannot be what makes these pass), a revocation, a policy change or a new or paused webhook
// applies to the very next call, whether made in Settings (this process) or with the admin CLI
// (another process: a signal file on SQLite, NOTIFY on PostgreSQL).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, QuestionsClient } from "@openoxide/questions-client";
import { adminOk, cliTeam } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { signIn } from "./notify-helpers";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-token-cache-"));
let server: TestServer;
let dropDb: () => Promise<void> = async () => {};

beforeAll(async () => {
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  server = await startServer({ dataDir, env: { TOKEN_CACHE_SECONDS: "600" } });
});
afterAll(async () => {
  await server?.stop();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const cli = (args: string[]) => adminOk(dataDir, args);

/** A fresh team with an agent token and a signed-in admin. */
async function team() {
  const t = await cliTeam(dataDir);
  const client = new QuestionsClient({ baseUrl: server.url, token: t.token });
  return { slug: t.slug, teamId: t.teamId, tokenId: t.tokenId, client, ui: () => signIn(server.url, t.email, t.password) };
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

const deliveriesOf = (requestId: string) =>
  rawQuery<{ webhookId: string | null; status: string }>(dataDir, `SELECT "webhookId", status FROM "Delivery" WHERE "requestId" = ? AND kind = 'webhook'`, [requestId]);

describe("token cache", () => {
  it("a token revoked in Settings is refused by the next call", async () => {
    const t = await team();
    const created = await t.client.create(singleSelect());
    expect(await status(t.client.get(created.id))).toBe(200); // cached now
    const ui = await t.ui();
    expect((await ui("POST", `/api/ui/settings/teams/${t.teamId}/tokens/${t.tokenId}/revoke`, {})).status).toBe(200);
    expect(await status(t.client.get(created.id))).toBe(401);
  });

  it("a token revoked with the admin CLI (another process) is refused by the next call", async () => {
    const t = await team();
    const created = await t.client.create(singleSelect());
    expect(await status(t.client.get(created.id))).toBe(200);
    await cli(["token", "revoke", t.tokenId]);
    expect(await status(t.client.get(created.id))).toBe(401);
  });

  it("a team switched to policy deny rejects the next create", async () => {
    const t = await team();
    expect((await t.client.create(singleSelect())).status).toBe("pending");
    const ui = await t.ui();
    expect((await ui("PATCH", `/api/ui/settings/teams/${t.teamId}`, { policy: "deny" })).status).toBe(200);
    const next = await t.client.create(singleSelect());
    expect(next.status).toBe("rejected");
  });
});

describe("webhook cache", () => {
  it("a webhook added in Settings gets a delivery for the next request", async () => {
    const t = await team();
    const before = await t.client.create(singleSelect()); // caches "no webhooks"
    expect(await deliveriesOf(before.id)).toEqual([]);
    const ui = await t.ui();
    const res = await ui("POST", `/api/ui/settings/teams/${t.teamId}/webhooks`, { url: "http://127.0.0.1:9/hook" });
    expect(res.status).toBe(201);
    const hook = ((await res.json()) as { webhook: { id: string } }).webhook;
    const after = await t.client.create(singleSelect());
    expect(await deliveriesOf(after.id)).toEqual([{ webhookId: hook.id, status: "pending" }]);
  });

  it("a webhook added with the admin CLI gets a delivery for the next request", async () => {
    const t = await team();
    await t.client.create(singleSelect());
    const out = await cli(["webhook", "create", "--team", t.slug, "--url", "http://127.0.0.1:9/hook"]);
    const hookId = /webhook (wh_\w+)/.exec(out)![1]!;
    const after = await t.client.create(singleSelect());
    expect(await deliveriesOf(after.id)).toEqual([{ webhookId: hookId, status: "pending" }]);
  });

  it("a webhook paused in Settings parks the next request's delivery", async () => {
    const t = await team();
    const ui = await t.ui();
    const hook = ((await (await ui("POST", `/api/ui/settings/teams/${t.teamId}/webhooks`, { url: "http://127.0.0.1:9/hook" })).json()) as { webhook: { id: string } }).webhook;
    const first = await t.client.create(singleSelect()); // caches the webhook as active
    expect(await deliveriesOf(first.id)).toEqual([{ webhookId: hook.id, status: "pending" }]);
    expect((await ui("PATCH", `/api/ui/settings/teams/${t.teamId}/webhooks/${hook.id}`, { paused: true })).status).toBe(200);
    const next = await t.client.create(singleSelect());
    expect(await deliveriesOf(next.id)).toEqual([{ webhookId: hook.id, status: "paused" }]);
  });
});
