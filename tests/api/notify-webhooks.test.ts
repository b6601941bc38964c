// Webhooks and agent callbacks against a real receiver, through the outbox: retries keep the
// delivery id, signatures verify, Slack gets Block Kit, secrets never leave, failing webhooks
// pause and resume, and a delivery made while the receiver is down survives a restart.
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient, ApiError } from "@openoxide/questions-client";
import { runAdmin } from "../helpers/cli";
import { freePort, migrate, startServer, type TestServer } from "../helpers/server";
import { rawQuery } from "../helpers/raw-db";
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";
import { singleSelect, uid } from "../helpers/clients";
import { signIn, startReceiver, waitFor, type Receiver } from "./notify-helpers";

const PUBLIC_URL = "https://questions.example.test";
const ENV = {
  NOTIFY_RETRY_BASE_MS: "400",
  NOTIFY_RETRY_MAX_MS: "1500",
  NOTIFY_POLL_MS: "200",
  NOTIFY_TIMEOUT_MS: "3000",
  WEBHOOK_PAUSE_AFTER: "4",
  CALLBACK_HOSTS: "127.0.0.1",
  PUBLIC_URL,
};

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-notify-"));
let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // On PostgreSQL, a database of our own: the suite's shared server (other keys, no SMTP or
  // CALLBACK_HOSTS) must not act as a second instance of this deployment.
  if (process.env.TEST_PG_URL) process.env.TEST_DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL);
  migrate(dataDir);
  server = await startServer({ dataDir, env: ENV });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all(receivers.map((r) => r.close()));
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_PG_URL && process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_PG_URL, process.env.TEST_DATABASE_URL);
});

/** A fresh team with a token, so each test's webhooks see only its own requests (seeded through the real CLI: slow under load, hence the long test timeouts). */
async function team(scopes = "ask,answer,read") {
  const slug = `t-${uid()}`;
  const r = await runAdmin(dataDir, ["team", "create", slug]);
  if (r.code !== 0) throw new Error(r.stderr);
  const out = await runAdmin(dataDir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", scopes]);
  const token = out.stdout.trim().split("\n").at(-1)!.trim();
  return { slug, client: () => new QuestionsClient({ baseUrl: server.url, token }) };
}

async function webhook(slug: string, url: string, extra: string[] = []): Promise<{ id: string; secret: string }> {
  const r = await runAdmin(dataDir, ["webhook", "create", "--team", slug, "--url", url, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split("\n");
  return { id: /webhook (wh_\w+)/.exec(lines[0]!)![1]!, secret: lines.at(-1)!.trim() };
}

async function receiver(port?: number): Promise<Receiver> {
  const rx = await startReceiver(port);
  receivers.push(rx);
  return rx;
}

/** The receiver's side of SPEC §9, written independently of the server's code. */
function signedWith(secret: string, body: string, header: string | string[] | undefined): number | null {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!m) return null;
  const expected = createHmac("sha256", secret).update(`${m[1]}.${body}`).digest("hex");
  return expected === m[2] ? Number(m[1]) : null;
}
const verified = (secret: string, body: string, header: string | string[] | undefined) => {
  const t = signedWith(secret, body, header);
  return t !== null && Math.abs(Date.now() / 1000 - t) < 300;
};

// A fixed vector of the documented scheme (README, "Verifying a delivery"), its signature computed
// once outside this code: `printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac '<secret>'`.
const VECTOR = {
  secret: "whsec_known_vector_secret",
  body: '{"id":"dl_vector","type":"request.created"}',
  header: "t=1767225600,v1=3d475578c57a5e3a1e04ff3bdc78893bf5255d2bf835b55c0079727b4bee983e",
};

describe("the receiver's signature check", () => {
  it("accepts the known vector and nothing else", () => {
    expect(signedWith(VECTOR.secret, VECTOR.body, VECTOR.header)).toBe(1767225600);
    expect(signedWith("whsec_other", VECTOR.body, VECTOR.header)).toBeNull();
    expect(signedWith(VECTOR.secret, VECTOR.body.replace("created", "resolved"), VECTOR.header)).toBeNull();
    expect(signedWith(VECTOR.secret, VECTOR.body, VECTOR.header.replace("t=1767225600", "t=1767225601"))).toBeNull();
  });
});

describe("webhooks", { timeout: 180_000 }, () => {
  it("retries a failed delivery with the same id and a valid signature", async () => {
    const t = await team();
    const rx = await receiver();
    rx.respond((_r, n) => (n === 1 ? 500 : 200));
    const hook = await webhook(t.slug, `${rx.url}/hook`);
    expect(hook.secret).toMatch(/^whsec_/);
    const created = await t.client().create(singleSelect());

    await waitFor("two attempts", () => rx.received.length >= 2);
    const [first, second] = rx.received;
    expect(first!.headers["questions-delivery"]).toMatch(/^dl_/);
    expect(second!.headers["questions-delivery"]).toBe(first!.headers["questions-delivery"]);
    expect(second!.body).toBe(first!.body);
    expect(verified(hook.secret, second!.body, second!.headers["questions-signature"])).toBe(true);
    expect(verified("whsec_wrong", second!.body, second!.headers["questions-signature"])).toBe(false);
    expect(second!.json).toMatchObject({ id: first!.headers["questions-delivery"], type: "request.created", request: { id: created.id, status: "pending" } });
    expect(Object.keys(second!.json).sort()).toEqual(["createdAt", "id", "request", "type"]);

    const id = first!.headers["questions-delivery"];
    const row = () => rawQuery<{ status: string; attempts: number; responseCode: number }>(dataDir, `SELECT status, attempts, "responseCode" FROM "Delivery" WHERE id = ?`, [id]);
    // The outbox reports the delivery done (only pending rows are ever sent again).
    expect(await waitFor("the delivery recorded as sent", async () => (await row()).find((r) => r.status === "sent"))).toMatchObject({ attempts: 2, responseCode: 200 });
    // Sent once it succeeded, never again: a later delivery to the same receiver arrives, and the
    // first has not come a third time nor counted another attempt.
    await t.client().reject(created.id, "done");
    await waitFor("the later delivery", () => rx.received.some((m) => m.headers["questions-delivery"] !== id));
    expect(rx.received.filter((m) => m.headers["questions-delivery"] === id)).toHaveLength(2);
    expect(await row()).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("posts a Slack Block Kit message for format slack", async () => {
    const t = await team();
    const rx = await receiver();
    await webhook(t.slug, `${rx.url}/slack`, ["--format", "slack", "--events", "request.created"]);
    // Slack control sequences from the agent: a channel ping and a disguised link, escaped in every text field.
    const hostile = "<!here> <http://evil.example|click me> & co";
    const created = await t.client().create(singleSelect({ title: `Pick the billing database ${hostile}`, agent: { name: "billing-agent <!channel>" } }));
    const msg = await waitFor("slack message", () => rx.received[0]);
    const json = msg.json as { text: string; blocks: { type: string; text?: { text: string }; elements?: { url?: string; text?: unknown }[] }[] };
    const escaped = "&lt;!here&gt; &lt;http://evil.example|click me&gt; &amp; co";
    expect(json.text).toBe(`billing-agent &lt;!channel&gt;: Pick the billing database ${escaped} needs an answer`);
    expect(json.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: `Pick the billing database ${escaped}`, emoji: true } });
    // No raw `<` anywhere a reader sees text: only the button's URL is a link.
    expect(msg.body).not.toMatch(/<!|<http/);
    expect(JSON.stringify(json.blocks)).toContain("Which database should the service use?");
    expect(JSON.stringify(json.blocks)).toContain("PostgreSQL");
    const actions = json.blocks.find((b) => b.type === "actions")!;
    expect(actions.elements![0]!.url).toBe(`${PUBLIC_URL}/inbox/${created.id}`);
  });

  it("a resolved request's delivery carries the answer but never a secret value", async () => {
    const t = await team();
    const rx = await receiver();
    const hook = await webhook(t.slug, `${rx.url}/resolved`, ["--events", "request.resolved"]);
    const client = t.client();
    const created = await client.create({
      source: "internal",
      agent: { name: "installer" },
      questions: [
        { id: "db", header: "Database", prompt: "Which one?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] },
        { id: "key", header: "API key", prompt: "Paste the key", kind: "freeform", secret: true },
      ],
    });
    const secretValue = `sk-live-${uid()}${uid()}`;
    await client.reply(created.id, { answers: { db: { selected: ["PostgreSQL"] }, key: { text: secretValue } } });
    const msg = await waitFor("answered delivery", () => rx.received[0]);
    expect(verified(hook.secret, msg.body, msg.headers["questions-signature"])).toBe(true);
    expect(msg.json).toMatchObject({
      type: "request.answered",
      request: { id: created.id, status: "answered", response: { answers: { db: { selected: ["PostgreSQL"] }, key: { text: null, secret: { provided: true } } } } },
    });
    expect(msg.body).not.toContain(secretValue);
    const rows = await rawQuery<{ body: string }>(dataDir, `SELECT body FROM "Delivery" WHERE "requestId" = ?`, [created.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.body).not.toContain(secretValue);
    expect(server.logs()).not.toContain(secretValue);
  });

  it("pauses a webhook that keeps failing, with a notice; resume delivers; the log shows it; redeliver resends", async () => {
    const t = await team();
    const rx = await receiver();
    rx.respond(503);
    const hook = await webhook(t.slug, `${rx.url}/flaky`);
    const email = `admin-${uid()}@example.test`;
    expect((await runAdmin(dataDir, ["user", "create", email, "--password", "pw-admin-123456", "--team", t.slug, "--role", "admin"])).code).toBe(0);
    const created = await t.client().create(singleSelect());

    await waitFor(
      "the webhook to pause",
      async () => (await rawQuery<{ pausedAt: unknown }>(dataDir, `SELECT "pausedAt" FROM "Webhook" WHERE id = ?`, [hook.id]))[0]?.pausedAt,
    );
    expect(rx.received).toHaveLength(4); // WEBHOOK_PAUSE_AFTER
    const list = await runAdmin(dataDir, ["webhook", "list", "--team", t.slug]);
    expect(list.stdout).toContain(`${hook.id}`);
    expect(list.stdout).toContain("paused since");

    const ui = await signIn(server.url, email, "pw-admin-123456");
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [t.slug]))[0]!.id;
    const base = `/api/ui/settings/teams/${teamId}/webhooks`;
    const listed = (await (await ui("GET", base)).json()) as { data: { id: string; pausedReason: string; url: string }[] };
    expect(listed.data[0]!.pausedReason).toMatch(/Paused after 4 failed attempts/);
    expect(listed.data[0]!.url).toBe(`${rx.url}/flaky`);

    rx.respond(200);
    const resumed = await ui("PATCH", `${base}/${hook.id}`, { paused: false });
    expect(resumed.status).toBe(200);
    await waitFor("delivery after resume", () => rx.received.length >= 5);
    const log = await waitFor("the log to show it sent", async () => {
      const body = (await (await ui("GET", `${base}/${hook.id}/deliveries`)).json()) as { data: { id: string; status: string; attempts: number; responseCode: number; lastError: string | null; requestId: string }[] };
      return body.data[0]?.status === "sent" ? body.data : undefined;
    });
    expect(log[0]).toMatchObject({ requestId: created.id, attempts: 5, responseCode: 200, lastError: null });
    // Paused, it made no attempt: the fifth, counted by the outbox and received, is the resumed one.
    expect(rx.received).toHaveLength(5);

    const again = await ui("POST", `${base}/${hook.id}/deliveries/${log[0]!.id}/redeliver`, {});
    expect(again.status).toBe(202);
    await waitFor("redelivery", () => rx.received.length >= 6);
    expect(rx.received[5]!.headers["questions-delivery"]).toBe(log[0]!.id);

    const test = await ui("POST", `${base}/${hook.id}/test`, {});
    expect(test.status).toBe(202);
    const ping = await waitFor("test delivery", () => rx.received.find((r) => r.json.type === "webhook.test"));
    expect(verified(hook.secret, ping.body, ping.headers["questions-signature"])).toBe(true);

    const bad = await ui("POST", base, { url: "ftp://example.test/x", format: "xml" });
    expect(bad.status).toBe(422);
    const problem = (await bad.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path).sort()).toEqual(["format", "url"]);
  });

  it("refuses a webhook URL with credentials (it could never be delivered to): 422 naming url in Settings, an error from the CLI", async () => {
    const t = await team();
    const hook = await webhook(t.slug, "http://127.0.0.1:9/hook");
    const email = `admin-${uid()}@example.test`;
    expect((await runAdmin(dataDir, ["user", "create", email, "--password", "pw-admin-123456", "--team", t.slug, "--role", "admin"])).code).toBe(0);
    const ui = await signIn(server.url, email, "pw-admin-123456");
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [t.slug]))[0]!.id;
    const base = `/api/ui/settings/teams/${teamId}/webhooks`;
    const withCredentials = "http://user:pw@127.0.0.1:9/hook";
    for (const res of [await ui("POST", base, { url: withCredentials }), await ui("PATCH", `${base}/${hook.id}`, { url: withCredentials })]) {
      expect(res.status).toBe(422);
      const p = (await res.json()) as { errors: { path: string; message: string }[] };
      expect(p.errors).toEqual([{ path: "url", message: expect.stringContaining("credentials") }]);
    }
    const cli = await runAdmin(dataDir, ["webhook", "create", "--team", t.slug, "--url", withCredentials]);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toMatch(/--url: must not contain credentials/);
    const stored = await rawQuery<{ url: string }>(dataDir, `SELECT url FROM "Webhook" WHERE "teamId" = ?`, [teamId]);
    expect(stored.map((r) => r.url)).toEqual(["http://127.0.0.1:9/hook"]);
  });
});

describe("agent callbacks", { timeout: 180_000 }, () => {
  it("POSTs the terminal request to callbackUrl, signed with the team's callback secret", async () => {
    const t = await team();
    const rx = await receiver();
    const email = `admin-${uid()}@example.test`;
    expect((await runAdmin(dataDir, ["user", "create", email, "--password", "pw-admin-123456", "--team", t.slug, "--role", "admin"])).code).toBe(0);
    const ui = await signIn(server.url, email, "pw-admin-123456");
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [t.slug]))[0]!.id;
    const { secret } = (await (await ui("GET", `/api/ui/settings/teams/${teamId}/callback-secret`)).json()) as { secret: string };
    expect(secret).toMatch(/^cbsec_/);

    const client = t.client();
    const created = await client.create(singleSelect({ callbackUrl: `${rx.url}/agent-callback?run=7` }));
    expect(created).not.toHaveProperty("callbackUrl");
    // Only terminal states are called back: the outbox writes a change's deliveries with its event.
    const callbacks = async () => (await rawQuery<{ type: string }>(dataDir, `SELECT type FROM "Delivery" WHERE "requestId" = ? AND kind = 'callback'`, [created.id])).map((r) => r.type);
    expect(await callbacks()).toEqual([]);
    await client.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    expect(await callbacks()).toEqual(["request.answered"]);
    const cb = await waitFor("callback", () => rx.received[0]);
    expect(rx.received).toHaveLength(1);
    expect(cb.path).toBe("/agent-callback?run=7");
    expect(verified(secret, cb.body, cb.headers["questions-signature"])).toBe(true);
    expect(cb.json).toMatchObject({ type: "request.answered", request: { id: created.id, status: "answered", response: { answers: { db: { selected: ["SQLite"] } } } } });

    // A rotated secret signs the next callback.
    const rotated = (await (await ui("POST", `/api/ui/settings/teams/${teamId}/callback-secret`, {})).json()) as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    const second = await client.create(singleSelect({ callbackUrl: `${rx.url}/again` }));
    await client.cancel(second.id, "not needed");
    const cb2 = await waitFor("second callback", () => rx.received[1]);
    expect(cb2.json).toMatchObject({ type: "request.cancelled" });
    expect(verified(rotated.secret, cb2.body, cb2.headers["questions-signature"])).toBe(true);
  });

  it.each([
    ["a host not in CALLBACK_HOSTS", "http://internal.example.test/hook"],
    ["localhost by another name", "http://localhost:1/hook"],
    ["a non-http scheme", "file:///etc/passwd"],
  ])("refuses %s with 422 naming callbackUrl, and creates nothing", async (_what, url) => {
    const t = await team();
    const client = t.client();
    const err = await client.create(singleSelect({ callbackUrl: url })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).problem.errors?.map((e) => e.path)).toEqual(["callbackUrl"]);
    expect((await client.list({ status: "pending" })).data).toHaveLength(0);
  });
});

describe("restart", { timeout: 180_000 }, () => {
  it("a delivery created while the receiver is down arrives after a server restart", async () => {
    // Retries every 0.4–1.5 s would pause the webhook after WEBHOOK_PAUSE_AFTER failures if
    // stopping the server takes a few seconds under load, and a paused delivery waits for a resume:
    // this test is about the restart, so its server pauses only much later. A stop that outlasts
    // the helper's 5 s turns into SIGKILL, which can leave a claim leased: its lease is kept short
    // here (above the send timeout) so the restarted server may claim it again within the wait.
    const env = { ...ENV, WEBHOOK_PAUSE_AFTER: "1000", NOTIFY_LEASE_MS: "4000" };
    await server.stop();
    server = await startServer({ dataDir, env });
    const t = await team();
    const port = await freePort(); // nothing listens here yet
    const hook = await webhook(t.slug, `http://127.0.0.1:${port}/late`, ["--events", "request.created"]);
    const created = await t.client().create(singleSelect());
    const [row] = await waitFor("a failed attempt", async () => {
      const rows = await rawQuery<{ id: string; attempts: number; lastError: string }>(dataDir, `SELECT id, attempts, "lastError" FROM "Delivery" WHERE "webhookId" = ?`, [hook.id]);
      return rows[0] && rows[0].attempts >= 1 ? rows : undefined;
    });
    expect(row!.lastError).toMatch(/connection failed/);
    await server.stop();
    const rx = await receiver(port);
    server = await startServer({ dataDir, env });
    const got = await waitFor("the delivery after restart", () => rx.received[0]);
    expect(got.headers["questions-delivery"]).toBe(row!.id);
    expect(got.json).toMatchObject({ type: "request.created", request: { id: created.id } });
    expect(verified(hook.secret, got.body, got.headers["questions-signature"])).toBe(true);
  });
});
