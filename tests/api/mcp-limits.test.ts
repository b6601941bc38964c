// /api/mcp under the REST API's limits, on its own server with small ones: a JSON-RPC batch is
// bounded and spends the rate budget per message; every waiting tool call holds a wait slot
// (WAITS_PER_TOKEN, shared with REST long-polls); a revoked token's open call ends without the
// answer; and a session ended with DELETE is refused (404) from then on.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken, runAdmin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { parked } from "../helpers/parked";
import { migrate, startServer, type TestServer } from "../helpers/server";

const RATE_LIMIT = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), "oq-mcp-limits-"));
let server: TestServer;
let reviewer: QuestionsClient;
// Made before the server starts: the CLI run synchronously would let pooled keep-alive sockets lapse.
const tokens: Record<"batch" | "dup" | "waits" | "revoked" | "session" | "watch", string> = { batch: "", dup: "", waits: "", revoked: "", session: "", watch: "" };

beforeAll(async () => {
  migrate(dataDir);
  const reviewerToken = createToken(dataDir, { name: `reviewer-${uid()}`, scopes: "answer,read" });
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = createToken(dataDir, { name: `${name}-${uid()}`, scopes: "ask,read" });
  server = await startServer({
    dataDir,
    env: { WAITS_PER_TOKEN: "3", RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), ACCESS_RECHECK_MS: "500", MCP_WAIT_SECONDS: "120" },
    logName: "mcp-limits.log",
  });
  reviewer = new QuestionsClient({ baseUrl: server.url, token: reviewerToken });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

type Rpc = { id: number | string; result?: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> }; error?: { code: number; message: string } };

const headers = (token: string, session?: string) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: `Bearer ${token}`,
  ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" } : {}),
});

function mcp(token: string, body: unknown, opts: { session?: string; signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${server.url}/api/mcp`, { method: "POST", headers: headers(token, opts.session), body: JSON.stringify(body), signal: opts.signal });
}

/** The JSON-RPC responses of an SSE (or JSON) reply, read to its end. */
async function responses(res: Response): Promise<Rpc[]> {
  const text = await res.text();
  if (!res.headers.get("content-type")?.includes("text/event-stream")) return [JSON.parse(text) as Rpc].flat();
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)) as Rpc)
    .filter((m) => m.id !== undefined);
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const askArgs = (agent: string) => ({ questions: singleSelect().questions, title: agent });

/** Pending requests with this title (read by the reviewer: the agent's own budget may be spent). */
async function created(title: string): Promise<number> {
  const { data } = await reviewer.list({ status: "pending" });
  return data.filter((r) => r.title === title).length;
}

describe("MCP batches", () => {
  it("are bounded, and spend one unit of the token's rate budget per message", async () => {
    const token = tokens.batch;
    const { id } = await new QuestionsClient({ baseUrl: server.url, token }).create(singleSelect()); // 1 unit
    const tooMany = await mcp(token, Array.from({ length: 11 }, (_, i) => call(i, "get_answer", { requestId: id, waitSeconds: 0 }))); // 1 unit
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Rpc).error?.code).toBe(-32600);
    // Ten checks: ten units (12 spent).
    const ten = await mcp(token, Array.from({ length: 10 }, (_, i) => call(i, "get_answer", { requestId: id, waitSeconds: 0 })));
    expect(ten.status).toBe(200);
    const out = await responses(ten);
    expect(out).toHaveLength(10);
    expect(out.every((r) => r.result?.structuredContent?.status === "pending")).toBe(true);
    // Ten questions would take the budget to 22 of 20: refused whole, nothing created.
    const title = `batched-${uid()}`;
    const asks = await mcp(token, Array.from({ length: 10 }, (_, i) => call(i, "ask_human", askArgs(title))));
    expect(asks.status).toBe(429);
    expect(Number(asks.headers.get("retry-after"))).toBeGreaterThan(0);
    await asks.text();
    expect(await created(title)).toBe(0);
  });

  it("refuse a repeated request id", async () => {
    const token = tokens.dup;
    const res = await mcp(token, [{ jsonrpc: "2.0", id: 1, method: "tools/list" }, { jsonrpc: "2.0", id: 1, method: "tools/list" }]);
    expect(res.status).toBe(400);
    await res.text();
  });
});

describe("MCP waits", () => {
  it("hold a slot of WAITS_PER_TOKEN each, shared with REST long-polls; a check (waitSeconds 0) holds none", async () => {
    const token = tokens.waits;
    const rest = new QuestionsClient({ baseUrl: server.url, token });
    const { id } = await rest.create(singleSelect());
    const acs = [new AbortController(), new AbortController()];
    // Headers received: the call's slot is held (reserved before the POST is handled).
    const waiting = await Promise.all(acs.map((ac) => mcp(token, call(1, "get_answer", { requestId: id }), { signal: ac.signal })));
    expect(waiting.map((r) => r.status)).toEqual([200, 200]);
    // Two more waits do not fit in the one slot left: the batch is refused whole.
    const title = `over-${uid()}`;
    const two = await mcp(token, [call(1, "ask_human", askArgs(title)), call(2, "ask_human", askArgs(title))]);
    expect(two.status).toBe(429);
    expect(two.headers.get("content-type")).toBe("application/problem+json");
    await two.text();
    expect(await created(title)).toBe(0);
    // A REST long-poll takes the third slot (the server reports three waits parked on the request,
    // read with a token of its own: each read spends a unit of RATE_LIMIT); then neither an MCP
    // wait nor another long-poll fits.
    const watch = { baseUrl: server.url, token: tokens.watch, intervalMs: 1_000, timeoutMs: 60_000 };
    const third = new AbortController();
    const poll = fetch(`${server.url}/api/v1/requests/${id}?wait=30`, { headers: { authorization: `Bearer ${token}` }, signal: third.signal }).catch(() => null);
    await parked(id, { ...watch, count: 3, exactly: true });
    const refused = await mcp(token, call(1, "get_answer", { requestId: id, waitSeconds: 1 }));
    expect(refused.status).toBe(429);
    await refused.text();
    expect((await fetch(`${server.url}/api/v1/requests/${id}?wait=1`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(429);
    // A check does not wait, so it needs no slot.
    const check = await responses(await mcp(token, call(1, "get_answer", { requestId: id, waitSeconds: 0 })));
    expect(check[0]?.result?.structuredContent).toMatchObject({ requestId: id, status: "pending" });
    // A dropped MCP call frees its slot: once its wait is gone, a long-poll fits again.
    acs[0]!.abort();
    await parked(id, { ...watch, count: 2, exactly: true });
    const freed = await fetch(`${server.url}/api/v1/requests/${id}?wait=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(freed.status).toBe(200);
    await freed.text();
    acs[1]!.abort();
    third.abort();
    await poll;
  }, 180_000);

  it("end without the answer when the token is revoked, even if the answer comes right after", async () => {
    const token = tokens.revoked;
    const { id } = await new QuestionsClient({ baseUrl: server.url, token }).create(singleSelect());
    const res = await mcp(token, call(7, "get_answer", { requestId: id }));
    expect(res.status).toBe(200);
    const revoked = await runAdmin(dataDir, ["token", "revoke", token]);
    expect(revoked.code, revoked.stderr).toBe(0);
    const revokedAt = Date.now();
    await reviewer.reply(id, { answers: { db: { selected: ["SQLite"] } } });
    const [out] = await responses(res);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
    expect(out?.result?.isError).toBe(true);
    expect(out?.result?.content[0]?.text).toContain("revoked");
    expect(out?.result?.structuredContent).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain("SQLite");
  });
});

describe("MCP sessions", () => {
  it("stop working after DELETE: 404 for every method on every later request, and DELETE again is 404", async () => {
    const token = tokens.session;
    const init = await mcp(token, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "ending", version: "1" } } });
    const session = init.headers.get("mcp-session-id")!;
    await init.text();
    const list = await mcp(token, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { session });
    expect(list.status).toBe(200);
    await list.text();
    const del = await fetch(`${server.url}/api/mcp`, { method: "DELETE", headers: headers(token, session) });
    expect(del.status).toBe(200);
    await del.text();
    const title = `after-delete-${uid()}`;
    for (const body of [{ jsonrpc: "2.0", id: 3, method: "tools/list" }, call(4, "ask_human", askArgs(title))]) {
      const res = await mcp(token, body, { session });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Rpc).error?.code).toBe(-32001);
    }
    expect(await created(title)).toBe(0);
    const again = await fetch(`${server.url}/api/mcp`, { method: "DELETE", headers: headers(token, session) });
    expect(again.status).toBe(404);
    await again.text();
  });
});
