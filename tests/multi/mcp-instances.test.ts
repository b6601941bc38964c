// /api/mcp behind a load balancer: every HTTP request of one MCP session goes to the other
// instance than the one before. The session id opened on one instance works on the other (same
// NEXTAUTH_SECRET), the answer given on either reaches the waiting call, and DELETE on either
// cancels the session's pending requests.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { QuestionsClient } from "@openoxide/questions-client";
import { uid } from "../helpers/clients";
import { pendingFrom } from "../helpers/runtimes/mcp-client";
import { startServer, type TestServer } from "../helpers/server";

const tokens = inject("tokens");
const dirs: string[] = [];
let serverA: TestServer;
let serverB: TestServer;
let baseA: string;
let reviewer: QuestionsClient;

beforeAll(async () => {
  // Two instances on the suite's database, sharing the session secret (as they must for browser
  // sessions too); each has its own DATA_DIR.
  const env = { NEXTAUTH_SECRET: randomBytes(32).toString("base64url") };
  const start = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "oq-mcp-instance-"));
    dirs.push(dataDir);
    return startServer({ dataDir, env });
  };
  [serverA, serverB] = [await start(), await start()];
  baseA = serverA.url;
  reviewer = new QuestionsClient({ baseUrl: baseA, token: tokens.reviewer });
});
afterAll(async () => {
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** An MCP client whose HTTP requests alternate between the two instances; records where each went. */
async function roundRobin(name: string) {
  const bases = [baseA, serverB.url];
  const hits: string[] = [];
  let next = 0;
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", baseA), {
    requestInit: { headers: { Authorization: `Bearer ${tokens.agent}` } },
    fetch: (url, init) => {
      const base = bases[next++ % 2]!;
      hits.push(`${init?.method ?? "GET"} ${base === baseA ? "A" : "B"}`);
      return fetch(new URL(new URL(url).pathname, base), init);
    },
  });
  const client = new Client({ name, version: "1" });
  await client.connect(transport);
  return { client, transport, hits };
}

const question = {
  questions: [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
};

describe("MCP across instances", () => {
  it("a session opened on one instance asks and is answered through the other", async () => {
    const name = `lb-${uid()}`;
    const mcp = await roundRobin(name);
    try {
      const call = mcp.client.callTool({ name: "ask_human", arguments: question });
      const pending = await pendingFrom(reviewer, name);
      expect(pending.agent.sessionId).toBeNull();
      await reviewer.reply(pending.id, { answers: { db: { selected: ["PostgreSQL"] } } });
      expect((await call).structuredContent).toMatchObject({ requestId: pending.id, status: "answered" });
      const posts = mcp.hits.filter((h) => h.startsWith("POST"));
      expect(new Set(posts)).toEqual(new Set(["POST A", "POST B"]));
    } finally {
      await mcp.client.close();
    }
  });

  it("DELETE on the other instance cancels the session's pending request", async () => {
    const name = `lb-end-${uid()}`;
    const mcp = await roundRobin(name);
    try {
      const call = mcp.client.callTool({ name: "ask_human", arguments: question });
      const pending = await pendingFrom(reviewer, name);
      await mcp.transport.terminateSession();
      expect((await call).structuredContent).toMatchObject({ requestId: pending.id, status: "cancelled" });
      expect(mcp.hits.filter((h) => h.startsWith("DELETE"))).toHaveLength(1);
    } finally {
      await mcp.client.close();
    }
  });
});
