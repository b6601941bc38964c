// Rate limit (429 + Retry-After), SSE heartbeats and token last-used time, on a server of their
// own with a small budget and a fast heartbeat. On PostgreSQL a database of its own too: budgets
// live in the database there, and other files' servers spend the same address's (127.0.0.1) budget.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken, runAdmin } from "../helpers/cli";
import { attemptSignIn } from "../helpers/session";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-limits-"));
let server: TestServer;
let token: string;
let heartbeatToken: string;
let pingsToken: string;
let secretsToken: string;
let dropDb: () => Promise<void> = async () => {};

beforeAll(async () => {
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  token = createToken(dataDir, { name: "limited", scopes: "ask,read" });
  heartbeatToken = createToken(dataDir, { name: "heartbeat", scopes: "read" });
  pingsToken = createToken(dataDir, { name: "pings", scopes: "read" });
  secretsToken = createToken(dataDir, { name: "secrets", scopes: "ask,answer" });
  server = await startServer({ dataDir, env: { RATE_LIMIT_PER_MINUTE: "5", SSE_HEARTBEAT_MS: "200", SIGNIN_ATTEMPTS_PER_ADDRESS: "3" } });
});
afterAll(async () => {
  await server?.stop();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("limits", () => {
  it("answers 429 with Retry-After once a token's budget is spent", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}/api/v1/requests`, { headers: { authorization: `Bearer ${token}` } });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        expect(res.headers.get("content-type")).toBe("application/problem+json");
        expect((await res.json()).type).toBe("/problems/rate-limited");
      } else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("records when a token was last used", async () => {
    const rows = await rawQuery<{ lastUsedAt: unknown }>(dataDir, `SELECT "lastUsedAt" FROM "ApiToken" WHERE name = 'limited'`);
    expect(rows[0]?.lastUsedAt).toBeTruthy();
  });

  /** Opens a stream and resolves once it has seen two pings (the timer fired for it twice), or it ended. */
  const twoPings = async (token: string, signal: AbortSignal) => {
    const res = await fetch(`${server.url}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal });
    const reader = res.body!.getReader();
    let text = "";
    while ((text.match(/^: ping$/gm) ?? []).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return (text.match(/^: ping$/gm) ?? []).length;
  };

  it("sends heartbeat comments on an idle event stream", async () => {
    const controller = new AbortController();
    const pings = await twoPings(heartbeatToken, controller.signal);
    controller.abort();
    expect(pings).toBeGreaterThanOrEqual(2);
  });

  it("pings every open stream from the one shared timer, which starts again after all streams closed", async () => {
    const first = new AbortController();
    expect(await Promise.all([twoPings(pingsToken, first.signal), twoPings(pingsToken, first.signal), twoPings(pingsToken, first.signal)])).toEqual([2, 2, 2]);
    first.abort();
    // Let the server see them go: with no stream open it stops the timer, and the next stream starts it.
    await new Promise((r) => setTimeout(r, 500));
    const second = new AbortController();
    expect(await twoPings(pingsToken, second.signal)).toBe(2);
    second.abort();
  });

  it("unknown tokens spend the client address's budget, and a rotated X-Forwarded-For does not refill it", async () => {
    // No TRUST_PROXY here: the header is the client's own claim, so every call is the same address.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}/api/v1/requests`, {
        headers: { authorization: `Bearer oqt_${"A".repeat(45)}${i}`, "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `198.51.100.${i}` },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("failed sign-ins spend the address's budget whatever X-Forwarded-For says", async () => {
    const errors: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const { error } = await attemptSignIn(server.url, `nobody-${i}@example.test`, "wrong-password", { "x-forwarded-for": `203.0.113.${i}` });
      errors.push(error);
    }
    expect(errors).toEqual(["CredentialsSignin", "CredentialsSignin", "CredentialsSignin", "RateLimited"]);
  });

  it("purge drops unclaimed secrets past retention; reads then say purged and a claim is 410", async () => {
    const client = new QuestionsClient({ baseUrl: server.url, token: secretsToken });
    const created = await client.create({
      source: "internal",
      agent: { name: "purge" },
      questions: [{ id: "key", header: "Key", prompt: "Key?", kind: "freeform", secret: true }],
    });
    await client.reply(created.id, { answers: { key: { text: "to-be-purged" } } });
    const purged = await runAdmin(dataDir, ["purge"], { SECRET_RETENTION_HOURS: "0" });
    expect(purged.code).toBe(0);
    expect(purged.stdout).toMatch(/Purged [1-9]\d* unclaimed secret/);
    const read = await client.get(created.id);
    expect(read.response).toMatchObject({ answers: { key: { secret: { provided: true, claimedAt: null, purgedAt: expect.any(String) } } } });
    await expect(client.claimSecrets(created.id)).rejects.toMatchObject({ status: 410 });
  });
});
