// The floor under goal 1 (answer latency) on this machine: a server with none of the app's work.
// An agent waits (a long-poll, or a tool call through the official MCP SDK's own server and
// transport); a reply wakes it with an answer the size of a real one, after committing one row to
// PostgreSQL when FLOOR_PG_URL is set (nothing else: no checks, no event, no audit).
// Usage (bench/scenarios/latency-floor.ts starts it): tsx bench/latency-floor-server.ts <port>
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

const port = Number(process.argv[2] || 0);
const pool = process.env.FLOOR_PG_URL ? new pg.Pool({ connectionString: process.env.FLOOR_PG_URL, max: 4 }) : null;
if (pool) await pool.query(`CREATE TABLE IF NOT EXISTS floor_answer (id text PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now())`);

/** Waiters by request id: each gets the answer's text. */
const waiting = new Map<string, (answer: string) => void>();

function mcpServer(): McpServer {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  server.registerTool("wait", { description: "waits for the reply to `id`", inputSchema: { id: z.string() } }, async ({ id }) => {
    const answer = await new Promise<string>((resolve) => waiting.set(id, resolve));
    // As ask_human answers: the request as structured content and as its JSON text.
    return { structuredContent: JSON.parse(answer) as Record<string, unknown>, content: [{ type: "text", text: answer }] };
  });
  return server;
}

const sessions = new Map<string, StreamableHTTPServerTransport>();

async function mcp(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  const id = req.headers["mcp-session-id"] as string | undefined;
  let transport = id ? sessions.get(id) : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => void sessions.set(sid, transport!) });
    await mcpServer().connect(transport);
  }
  await transport.handleRequest(req, res, body ? JSON.parse(body) : undefined);
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

const json = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer((req, res) => {
  void (async () => {
    const body = await read(req);
    if (req.url?.startsWith("/api/mcp")) return mcp(req, res, body);
    const [, kind, id] = (req.url ?? "").split("/");
    if (kind === "parked") return json(res, 200, JSON.stringify({ parked: waiting.has(id!) }));
    if (kind === "wait") return waiting.set(id!, (answer) => json(res, 200, answer));
    if (kind === "reply") {
      const wake = waiting.get(id!);
      if (!wake) return json(res, 404, "{}");
      waiting.delete(id!);
      if (pool) await pool.query(`INSERT INTO floor_answer (id, body) VALUES ($1, $2)`, [id, body]);
      wake(body);
      // As the app does: the woken waiter's response first, the reply's own a turn later.
      return setImmediate(() => json(res, 200, "{}"));
    }
    json(res, 404, "{}");
  })();
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => void pool?.end().finally(() => process.exit(0)));
});
