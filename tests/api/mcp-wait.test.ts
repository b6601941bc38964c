// Waiting limits of /api/mcp on its own server with MCP_WAIT_SECONDS=3 and progress every second:
// a call returns "pending" in time with progress notifications, get_answer picks the answer up,
// and neither a cancelled call nor a dropped connection cancels the human's question. The server
// also enforces a per-token rate limit, which /api/mcp shares with the REST API.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { uid } from "../helpers/clients";
import { parked } from "../helpers/parked";
import { connectMcp, pendingFrom } from "../helpers/runtimes/mcp-client";
import { migrate, startServer, type TestServer } from "../helpers/server";

const WAIT_SECONDS = 3;
const RATE_LIMIT = 40;
let server: TestServer;
let dataDir: string;
let agentToken: string;
let reviewer: QuestionsClient;
/** Reads the Parked-Waits header: a token of its own, so its reads spend no other token's RATE_LIMIT. */
let watcherToken: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "oq-mcp-wait-"));
  migrate(dataDir);
  agentToken = createToken(dataDir, { name: `mcp-wait-${uid()}`, scopes: "ask" });
  const reviewerToken = createToken(dataDir, { name: `mcp-wait-reviewer-${uid()}`, scopes: "answer" });
  watcherToken = createToken(dataDir, { name: `mcp-wait-watcher-${uid()}`, scopes: "read" });
  server = await startServer({ dataDir, env: { MCP_WAIT_SECONDS: String(WAIT_SECONDS), MCP_PROGRESS_SECONDS: "1", RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) }, logName: "mcp-wait.log" });
  reviewer = new QuestionsClient({ baseUrl: server.url, token: reviewerToken });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

const question = {
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database should the queue use?",
      kind: "single_select",
      options: [{ label: "PostgreSQL" }, { label: "SQLite" }],
    },
  ],
};

const textOf = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe("MCP waiting", () => {
  it("returns pending after MCP_WAIT_SECONDS with progress notifications; get_answer then returns the answer", async () => {
    const name = `slow-${uid()}`;
    const mcp = await connectMcp(server.url, agentToken, name);
    try {
      const progress: Progress[] = [];
      const started = Date.now();
      const result = await mcp.client.callTool({ name: "ask_human", arguments: question }, undefined, { onprogress: (p) => progress.push(p) });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(WAIT_SECONDS * 1000 - 100);
      expect(elapsed).toBeLessThan(WAIT_SECONDS * 1000 + 5000);
      const out = result.structuredContent as { requestId: string; status: string };
      expect(out.status).toBe("pending");
      expect(out.requestId).toMatch(/^qr_/);
      expect(textOf(result)).toContain("get_answer");
      expect(textOf(result)).toContain(out.requestId);
      expect(progress.length).toBeGreaterThanOrEqual(2);
      expect(progress.map((p) => p.progress)).toEqual([...progress.map((p) => p.progress)].sort((a, b) => a - b));
      expect(progress[0]).toMatchObject({ total: WAIT_SECONDS });

      // Still pending after a short get_answer; then the reviewer answers and get_answer returns it.
      const again = await mcp.client.callTool({ name: "get_answer", arguments: { requestId: out.requestId, waitSeconds: 1 } });
      expect(again.structuredContent).toMatchObject({ requestId: out.requestId, status: "pending" });
      const waiting = mcp.client.callTool({ name: "get_answer", arguments: { requestId: out.requestId } });
      // The server reports the MCP wait parked: the reply's event, not its first read, answers it.
      await parked(out.requestId, { baseUrl: server.url, token: watcherToken });
      await reviewer.reply(out.requestId, { answers: { db: { selected: ["SQLite"] } } });
      const answered = await waiting;
      expect(answered.structuredContent).toEqual({
        requestId: out.requestId,
        status: "answered",
        answers: { db: { selected: ["SQLite"], custom: null, text: null, note: null } },
      });
      expect(textOf(answered)).toBe("The human answered:\n- Database (db): SQLite");
    } finally {
      await mcp.close();
    }
  });

  it("a cancelled call leaves the request pending", async () => {
    const name = `cancelling-${uid()}`;
    const mcp = await connectMcp(server.url, agentToken, name);
    try {
      const controller = new AbortController();
      const call = mcp.client.callTool({ name: "ask_human", arguments: question }, undefined, { signal: controller.signal });
      const pending = await pendingFrom(reviewer, name);
      const wait = { baseUrl: server.url, token: watcherToken };
      await parked(pending.id, wait);
      controller.abort();
      await expect(call).rejects.toThrow();
      // The server ended the wait (none parked any more), and it left the request pending.
      await parked(pending.id, { ...wait, count: 0, exactly: true });
      expect((await reviewer.get(pending.id)).status).toBe("pending");
    } finally {
      await mcp.close();
    }
  });

  it("a dropped connection leaves the request pending", async () => {
    const name = `dropping-${uid()}`;
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${agentToken}` };
    const init = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name, version: "1" } } }),
    });
    const session = init.headers.get("mcp-session-id")!;
    await init.text();
    const controller = new AbortController();
    const call = fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ask_human", arguments: question } }),
      signal: controller.signal,
    });
    const pending = await pendingFrom(reviewer, name);
    expect(pending.agent.sessionId).toBeNull();
    controller.abort();
    await expect(call.then((r) => r.text())).rejects.toThrow();
    await new Promise((r) => setTimeout(r, WAIT_SECONDS * 1000));
    expect((await reviewer.get(pending.id)).status).toBe("pending");
  });

  it("get_answer with waitSeconds above MCP_WAIT_SECONDS waits MCP_WAIT_SECONDS instead of refusing", async () => {
    const created = await new QuestionsClient({ baseUrl: server.url, token: agentToken }).create({ agent: { name: `clamp-${uid()}` }, questions: question.questions as never });
    const mcp = await connectMcp(server.url, agentToken, `clamp-${uid()}`);
    try {
      const started = Date.now();
      const result = await mcp.client.callTool({ name: "get_answer", arguments: { requestId: created.id, waitSeconds: 3600 } });
      const elapsed = Date.now() - started;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ requestId: created.id, status: "pending" });
      expect(elapsed).toBeGreaterThanOrEqual(WAIT_SECONDS * 1000 - 100);
      expect(elapsed).toBeLessThan(WAIT_SECONDS * 1000 + 5000);
    } finally {
      await mcp.close();
    }
  });

  it("shares the REST API's per-token rate limit: 429 with Retry-After", async () => {
    const token = createToken(dataDir, { name: `mcp-limited-${uid()}`, scopes: "ask" });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const res = await fetch(`${server.url}/api/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" }),
      });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
      await res.text();
    }
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The REST API counts against the same budget.
    const rest = await new QuestionsClient({ baseUrl: server.url, token }).list().catch((e: { status?: number }) => e);
    expect(rest).toMatchObject({ status: 429 });
  });
});
