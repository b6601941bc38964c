// A scripted OpenAI-compatible chat model (POST /v1/chat/completions, streamed) for driving real
// agent runtimes offline. Only the LLM is scripted: the runtime, its tools and our server are real.
// Every request is recorded, so a test can read what the runtime handed the model (tool results).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatMessage = {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
export type ToolResult = { callId: string; tool: string | undefined; output: string };

/** What the script sees for one model request. */
export type ChatRequestView = {
  /** 0-based index of this request among all the model received */
  index: number;
  /** names of the tools offered (MCP tools appear as `<server>_<tool>` in OpenCode) */
  tools: string[];
  messages: ChatMessage[];
  /** the tool results already in this conversation, oldest first */
  toolResults: ToolResult[];
  /** text of the last user message */
  userText: string;
  body: Record<string, unknown>;
};

export type ChatTurn = { text: string } | { toolCall: { name: string; arguments: unknown } };
export type ChatScript = (req: ChatRequestView) => ChatTurn;

/** One step of `steps()`: call a tool (matched by exact name or `_<name>` suffix), or answer in text. */
export type Step =
  | { tool: string; args: unknown | ((req: ChatRequestView) => unknown) }
  | { text: string | ((req: ChatRequestView) => string) };

export type ChatModel = {
  baseUrl: string;
  requests: ChatRequestView[];
  /** Tool results of every conversation, oldest first, without duplicates. */
  toolResults: () => ToolResult[];
  waitForToolResult: (match: (r: ToolResult) => boolean, timeoutMs?: number) => Promise<ToolResult>;
  /** Replace the script (e.g. between prompts). */
  setScript: (script: ChatScript) => void;
  stop: () => Promise<void>;
};

/** Finds an offered tool by exact name or by its `_<name>` suffix (runtimes prefix MCP tools). */
export function findTool(tools: string[], name: string): string | undefined {
  return tools.find((t) => t === name) ?? tools.find((t) => t.endsWith(`_${name}`));
}

/**
 * A script from a list of steps: step i runs once the conversation holds i tool results. A tool
 * step only fires when that tool is offered (a runtime's title request offers none: it gets text).
 * After the last step the model answers `done`.
 */
export function steps(list: Step[], done = "Done."): ChatScript {
  return (req) => {
    const step = list[req.toolResults.length];
    if (!step) return { text: done };
    if ("text" in step) return { text: typeof step.text === "function" ? step.text(req) : step.text };
    const name = findTool(req.tools, step.tool);
    if (!name) return { text: done };
    return { toolCall: { name, arguments: typeof step.args === "function" ? step.args(req) : step.args } };
  };
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p: { text?: string }) => p?.text ?? "").join("");
  return content == null ? "" : JSON.stringify(content);
}

function view(index: number, body: Record<string, unknown>): ChatRequestView {
  const messages = (body.messages as ChatMessage[] | undefined) ?? [];
  const tools = ((body.tools as { function?: { name?: string } }[] | undefined) ?? []).map((t) => t.function?.name ?? "").filter(Boolean);
  const callNames = new Map<string, string>();
  for (const m of messages) for (const c of m.tool_calls ?? []) callNames.set(c.id, c.function.name);
  const toolResults = messages
    .filter((m) => m.role === "tool")
    .map((m) => ({ callId: m.tool_call_id ?? "", tool: callNames.get(m.tool_call_id ?? ""), output: contentText(m.content) }));
  const lastUser = messages.filter((m) => m.role === "user").at(-1);
  return { index, tools, messages, toolResults, userText: contentText(lastUser?.content), body };
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

function stream(res: ServerResponse, model: string, turn: ChatTurn, callId: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const base = { id: `chatcmpl-${callId}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const send = (delta: Record<string, unknown>, finish: string | null) =>
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  if ("toolCall" in turn) {
    const args = JSON.stringify(turn.toolCall.arguments ?? {});
    send({ role: "assistant", tool_calls: [{ index: 0, id: callId, type: "function", function: { name: turn.toolCall.name, arguments: args } }] }, null);
    send({}, "tool_calls");
  } else {
    send({ role: "assistant", content: turn.text }, null);
    send({}, "stop");
  }
  res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`);
  res.end("data: [DONE]\n\n");
}

export async function startChatModel(script: ChatScript = () => ({ text: "Done." })): Promise<ChatModel> {
  const requests: ChatRequestView[] = [];
  const waiters = new Set<() => void>();
  let current = script;
  let calls = 0;
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const v = view(requests.length, body);
      requests.push(v);
      for (const wake of waiters) wake();
      stream(res, String(body.model ?? "scripted"), current(v), `call_${++calls}`);
    } catch (e) {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: String(e) } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const toolResults = () => {
    const seen = new Map<string, ToolResult>();
    for (const r of requests) for (const t of r.toolResults) if (!seen.has(t.callId)) seen.set(t.callId, t);
    return [...seen.values()];
  };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
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
