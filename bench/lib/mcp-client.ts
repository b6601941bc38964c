// A light MCP client for load: raw JSON-RPC over the Streamable HTTP transport on node:http, as the
// SDK client speaks it (initialize, notifications/initialized, tools/call with the session and
// protocol-version headers; the reply read as SSE or JSON) without an SDK Client per connection,
// which is too heavy to hold 10,000 open calls in one process.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";

export const MCP_PROTOCOL_VERSION = "2025-06-18";

export type RpcReply = { id?: number | string; result?: Record<string, unknown>; error?: { code: number; message: string } };
export type McpSessionInfo = { base: string; token: string; sessionId: string };

type Posted = { status: number; sessionId?: string; replies: RpcReply[]; at: number };

/** One POST to /api/mcp; resolves when the response ends, with every JSON-RPC message it carried. */
function post(opts: { base: string; token: string; sessionId?: string; body: unknown; agent: http.Agent; signal?: AbortSignal }): Promise<Posted> {
  const payload = JSON.stringify(opts.body);
  const headers: Record<string, string | number> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${opts.token}`,
    "content-length": Buffer.byteLength(payload),
  };
  if (opts.sessionId) {
    headers["mcp-session-id"] = opts.sessionId;
    headers["mcp-protocol-version"] = MCP_PROTOCOL_VERSION;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${opts.base}/api/mcp`, { method: "POST", headers, agent: opts.agent, signal: opts.signal }, (res) => {
      const replies: RpcReply[] = [];
      const sse = String(res.headers["content-type"] ?? "").includes("text/event-stream");
      const parser = createParser({ onEvent: (m) => replies.push(JSON.parse(m.data) as RpcReply) });
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (sse ? parser.feed(chunk) : (text += chunk)));
      res.on("end", () => {
        if (!sse && text) replies.push(...[JSON.parse(text) as RpcReply | RpcReply[]].flat());
        const sessionId = res.headers["mcp-session-id"];
        resolve({ status: res.statusCode ?? 0, sessionId: typeof sessionId === "string" ? sessionId : undefined, replies, at: performance.now() });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** initialize, then notifications/initialized: what an MCP client does before its first call. */
export async function openMcpSession(base: string, token: string, agent: http.Agent, clientName = "bench-mcp"): Promise<McpSessionInfo> {
  const init = await post({
    base,
    token,
    agent,
    body: { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: clientName, version: "1.0.0" } } },
  });
  if (init.status !== 200 || !init.sessionId || !init.replies[0]?.result) throw new Error(`mcp initialize → ${init.status}`);
  const done = await post({ base, token, agent, sessionId: init.sessionId, body: { jsonrpc: "2.0", method: "notifications/initialized" } });
  if (done.status !== 202) throw new Error(`mcp notifications/initialized → ${done.status}`);
  return { base, token, sessionId: init.sessionId };
}

export type ToolCallResult = { status: number; result?: { isError?: boolean; structuredContent?: Record<string, unknown> }; error?: string; at: number };

let nextId = 1;

/** tools/call on an open session; resolves when its response stream ends. */
export async function callMcpTool(session: McpSessionInfo, agent: http.Agent, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolCallResult> {
  const id = nextId++;
  const r = await post({ base: session.base, token: session.token, sessionId: session.sessionId, agent, signal, body: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } } });
  const reply = r.replies.find((m) => m.id === id);
  return { status: r.status, result: reply?.result as ToolCallResult["result"], error: reply?.error?.message, at: r.at };
}
