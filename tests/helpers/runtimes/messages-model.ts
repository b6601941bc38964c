// A scripted Anthropic Messages API (POST /v1/messages, streamed) for running Claude Code offline.
// Only the LLM is scripted: Claude Code, its tools, its hooks and our server are real. Every request
// is recorded, so a test reads what Claude Code handed the model (tool results) from the next one.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Block = { type: string; id?: string; name?: string; input?: unknown; text?: string; tool_use_id?: string; content?: unknown; is_error?: boolean };
export type Message = { role: string; content: string | Block[] };
export type ToolResult = { callId: string; tool: string | undefined; output: string; isError: boolean };

export type MessagesRequestView = {
  index: number;
  /** names of the tools offered (MCP tools appear as `mcp__<server>__<tool>`) */
  tools: string[];
  messages: Message[];
  /** the tool results already in this conversation, oldest first */
  toolResults: ToolResult[];
  body: Record<string, unknown>;
};

export type Turn = { text: string } | { toolCall: { name: string; input: unknown } };
export type Script = (req: MessagesRequestView) => Turn;

export type MessagesModel = {
  /** `http://127.0.0.1:<port>`: Claude Code's ANTHROPIC_BASE_URL */
  baseUrl: string;
  requests: MessagesRequestView[];
  toolResults: () => ToolResult[];
  waitForToolResult: (match: (r: ToolResult) => boolean, timeoutMs?: number) => Promise<ToolResult>;
  setScript: (script: Script) => void;
  stop: () => Promise<void>;
};

/**
 * A script from a list of tool calls: call i is made once the conversation holds i tool results,
 * and only to a request that offers the tool (side requests such as titles offer none); then text.
 */
export function toolCalls(calls: Array<{ name: string; input: unknown }>, done = "Done."): Script {
  return (req) => {
    const call = calls[req.toolResults.length];
    if (!call || !req.tools.includes(call.name)) return { text: done };
    return { toolCall: call };
  };
}

function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p: Block) => (typeof p?.text === "string" ? p.text : "")).join("");
  return content == null ? "" : JSON.stringify(content);
}

function view(index: number, body: Record<string, unknown>): MessagesRequestView {
  const messages = (body.messages as Message[] | undefined) ?? [];
  const tools = ((body.tools as { name?: string }[] | undefined) ?? []).map((t) => t.name ?? "").filter(Boolean);
  const blocks = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
  const names = new Map(blocks.filter((b) => b.type === "tool_use").map((b) => [b.id ?? "", b.name ?? ""]));
  const toolResults = blocks
    .filter((b) => b.type === "tool_result")
    .map((b) => ({ callId: b.tool_use_id ?? "", tool: names.get(b.tool_use_id ?? ""), output: text(b.content), isError: b.is_error === true }));
  return { index, tools, messages, toolResults, body };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function stream(res: ServerResponse, model: string, turn: Turn, id: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  send("message_start", { message: { id: `msg_${id}`, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage } });
  if ("toolCall" in turn) {
    send("content_block_start", { index: 0, content_block: { type: "tool_use", id: `toolu_${id}`, name: turn.toolCall.name, input: {} } });
    send("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(turn.toolCall.input ?? {}) } });
  } else {
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("content_block_delta", { index: 0, delta: { type: "text_delta", text: turn.text } });
  }
  send("content_block_stop", { index: 0 });
  send("message_delta", { delta: { stop_reason: "toolCall" in turn ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } });
  send("message_stop", {});
  res.end();
}

export async function startMessagesModel(script: Script = () => ({ text: "Done." })): Promise<MessagesModel> {
  const requests: MessagesRequestView[] = [];
  const waiters = new Set<() => void>();
  let current = script;
  let calls = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? "";
      if (req.method === "POST" && url.startsWith("/v1/messages/count_tokens")) {
        await readBody(req);
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 10 }));
        return;
      }
      if (req.method !== "POST" || !url.startsWith("/v1/messages")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: `no route ${req.method} ${url}` } }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const v = view(requests.length, body);
      requests.push(v);
      for (const wake of waiters) wake();
      stream(res, String(body.model ?? "scripted"), current(v), String(++calls));
    })().catch((e) => res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "api_error", message: String(e) } })));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const toolResults = () => {
    const seen = new Map<string, ToolResult>();
    for (const r of requests) for (const t of r.toolResults) if (!seen.has(t.callId)) seen.set(t.callId, t);
    return [...seen.values()];
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    toolResults,
    setScript: (s) => (current = s),
    waitForToolResult: (match, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = toolResults().find(match);
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching tool result within ${timeoutMs} ms; seen: ${JSON.stringify(toolResults()).slice(0, 2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
