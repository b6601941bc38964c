// /api/mcp with the official MCP SDK client against the real server: auth, tools, a blocking
// ask answered through the REST API, policy, invalid input, other tokens, session end.
import { inject, describe, expect, it } from "vitest";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { runAdmin } from "../helpers/cli";
import { clients, uid } from "../helpers/clients";
import { connectMcp, pendingFrom } from "../helpers/runtimes/mcp-client";
import { QuestionsClient } from "@openoxide/questions-client";

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const { baseUrl, reviewer, all, tokens } = clients();

async function newToken(opts: { scopes: string; policy?: "allow" | "deny" }): Promise<string> {
  const args = ["token", "create", "--team", "default", "--name", `mcp-${uid()}`, "--scopes", opts.scopes];
  if (opts.policy) args.push("--policy", opts.policy);
  const r = await runAdmin(inject("dataDir"), args);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout.trim().split("\n").at(-1)!.trim();
}

const ask = {
  title: "Queue storage",
  context: "The job queue needs at-least-once delivery.",
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database should the queue use?",
      kind: "single_select",
      options: [
        { label: "PostgreSQL", description: "Already in production; needs a migration." },
        { label: "SQLite", description: "Embedded; one writer." },
      ],
    },
    { id: "langs", header: "Languages", prompt: "Which clients do we ship?", kind: "multi_select", options: [{ label: "TypeScript" }, { label: "Rust" }] },
    { id: "name", header: "Name", prompt: "What should the queue be called?", kind: "freeform" },
  ],
};

function initialize(token: string | null, protocolVersion: string) {
  return fetch(`${baseUrl}/api/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
  });
}

describe("MCP server", () => {
  it("answers 401 with WWW-Authenticate: Bearer without a valid token, 403 without the ask scope", async () => {
    for (const token of [null, "oqt_not-a-real-token"]) {
      const res = await initialize(token, LATEST_PROTOCOL_VERSION);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
    }
    await expect(connectMcp(baseUrl, null, "anon")).rejects.toThrow(/401|Unauthorized/i);
    expect((await initialize(tokens.reviewer, LATEST_PROTOCOL_VERSION)).status).toBe(403);
  });

  it.each(["2025-06-18", "2025-11-25"])("negotiates protocol version %s and hands out a session id", async (version) => {
    const res = await initialize(tokens.agent, version);
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toMatch(/^[\w-]{22}\.[\w-]+\.[\w-]{32}$/);
    const text = await res.text();
    const data = JSON.parse(text.split("\n").find((l) => l.startsWith("data: "))!.slice(6));
    expect(data.result.protocolVersion).toBe(version);
    expect(data.result.capabilities.tools).toBeDefined();
  });

  it("lists ask_human with the published tool schema, get_answer, and Claude Code's permission_prompt", async () => {
    const mcp = await connectMcp(baseUrl, tokens.agent, `lister-${uid()}`);
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["ask_human", "get_answer", "permission_prompt"]);
      const published = await (await fetch(`${baseUrl}/api/v1/tool-schema?format=mcp`)).json();
      const askHuman = tools[0]!;
      expect(askHuman.inputSchema).toEqual(published.inputSchema);
      expect(askHuman.description).toContain(published.description);
      expect(askHuman.description).toMatch(/get_answer/);
      expect(tools[1]!.inputSchema).toMatchObject({ required: ["requestId"] });
      expect(tools[2]!.description).toMatch(/^Not for models: Claude Code calls this itself/);
      expect(tools[2]!.inputSchema).toMatchObject({ type: "object", required: ["tool_name", "input"] });
    } finally {
      await mcp.close();
    }
  });

  it("ask_human blocks until a reviewer replies through the REST API, then returns typed and text answers", async () => {
    const name = `mcp-agent-${uid()}`;
    const mcp = await connectMcp(baseUrl, tokens.agent, name);
    try {
      const call = mcp.client.callTool({ name: "ask_human", arguments: ask });
      const pending = await pendingFrom(all, name);
      expect(pending.source).toBe("model_tool");
      expect(pending.agent.sessionId).toBeNull();
      expect(pending.questions[0]!.allowCustom).toBe(true);
      let settled = false;
      void call.finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
      await reviewer.reply(pending.id, {
        answers: {
          db: { selected: ["PostgreSQL"], note: "we already run it" },
          langs: { selected: ["TypeScript"], custom: "Python" },
          name: { text: "jobs" },
        },
      });
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({
        requestId: pending.id,
        status: "answered",
        answers: {
          db: { selected: ["PostgreSQL"], custom: null, text: null, note: "we already run it" },
          langs: { selected: ["TypeScript"], custom: "Python", text: null, note: null },
          name: { selected: [], custom: null, text: "jobs", note: null },
        },
      });
      const content = result.content as { type: string; text: string }[];
      expect(content).toHaveLength(1);
      expect(content[0]!.text).toBe(
        [
          "The human answered:",
          '- Database (db): PostgreSQL. Note: "we already run it"',
          '- Languages (langs): TypeScript. Other: "Python"',
          '- Name (name): "jobs"',
        ].join("\n"),
      );
    } finally {
      await mcp.close();
    }
  });

  it("returns policy_denied at once for a deny-policy token", async () => {
    const mcp = await connectMcp(baseUrl, await newToken({ scopes: "ask", policy: "deny" }), `denied-${uid()}`);
    try {
      const started = Date.now();
      const result = await mcp.client.callTool({ name: "ask_human", arguments: ask });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(result.structuredContent).toMatchObject({ status: "rejected", rejection: { code: "policy_denied" } });
      const rejection = (result.structuredContent as { rejection: { message: string } }).rejection;
      expect(result.content).toEqual([{ type: "text", text: rejection.message }]);
    } finally {
      await mcp.close();
    }
  });

  it.each([
    ["too many options", { questions: [{ ...ask.questions[1]!, options: "abcdefg".split("").map((label) => ({ label })) }] }, "questions[0].options"],
    ["a header over 24 characters", { questions: [{ ...ask.questions[2]!, header: "x".repeat(25) }] }, "questions[0].header"],
    ["options on a freeform question", { questions: [{ ...ask.questions[2]!, options: [{ label: "a" }, { label: "b" }] }] }, "questions[0].options"],
    ["a secret", { questions: [{ ...ask.questions[2]!, secret: true }] }, "questions[0]"],
    ["no questions", { title: "empty" }, "questions"],
  ])("invalid input (%s) is a tool error naming the field, and creates nothing", async (_, args, field) => {
    const name = `invalid-${uid()}`;
    const mcp = await connectMcp(baseUrl, tokens.agent, name);
    try {
      const result = await mcp.client.callTool({ name: "ask_human", arguments: args });
      expect(result.isError).toBe(true);
      const text = (result.content as { text: string }[])[0]!.text;
      expect(text).toContain("nothing was created");
      expect(text).toContain(field);
      expect((await all.list({ agent: name })).data).toHaveLength(0);
    } finally {
      await mcp.close();
    }
  });

  it("get_answer refuses another token's requestId, and a malformed one", async () => {
    const owner = new QuestionsClient({ baseUrl, token: await newToken({ scopes: "ask" }) });
    const created = await owner.create({ agent: { name: "owner" }, questions: [ask.questions[0]!] as never });
    const mcp = await connectMcp(baseUrl, tokens.agent, `thief-${uid()}`);
    try {
      const result = await mcp.client.callTool({ name: "get_answer", arguments: { requestId: created.id, waitSeconds: 0 } });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toMatch(/No such request/);
      expect(JSON.stringify(result)).not.toContain("Which database");
      const bad = await mcp.client.callTool({ name: "get_answer", arguments: { requestId: "nope" } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]!.text).toContain("requestId");
    } finally {
      await mcp.close();
    }
    expect((await owner.get(created.id)).status).toBe("pending");
  });

  it("ending the MCP session (DELETE) cancels that session's pending requests only", async () => {
    const token = await newToken({ scopes: "ask" });
    const api = new QuestionsClient({ baseUrl, token });
    const name = `ending-${uid()}`;
    const [ending, staying] = [await connectMcp(baseUrl, token, name), await connectMcp(baseUrl, token, `${name}-other`)];
    try {
      const call = ending.client.callTool({ name: "ask_human", arguments: { questions: [ask.questions[2]!] } });
      const otherCall = staying.client.callTool({ name: "ask_human", arguments: { questions: [ask.questions[2]!] } });
      const mine = await pendingFrom(api, name);
      const other = await pendingFrom(api, `${name}-other`);
      await ending.transport.terminateSession();
      const result = await call;
      expect(result.structuredContent).toMatchObject({ requestId: mine.id, status: "cancelled", rejection: { code: "cancelled" } });
      expect((await api.get(mine.id)).status).toBe("cancelled");
      expect((await api.get(other.id)).status).toBe("pending");
      await api.cancel(other.id);
      expect((await otherCall).structuredContent).toMatchObject({ status: "cancelled" });
    } finally {
      await ending.close();
      await staying.close();
    }
  });

  it("records the agent's own session (_meta or X-Agent-Session-Id), else none: never the transport's id", async () => {
    const token = await newToken({ scopes: "ask" });
    const api = new QuestionsClient({ baseUrl, token });
    const name = `own-session-${uid()}`;
    const mcp = await connectMcp(baseUrl, token, name);
    const viaHeader = await connectMcp(baseUrl, token, `${name}-h`, { "X-Agent-Session-Id": "chat-from-header" });
    try {
      const chatA = mcp.client.callTool({ name: "ask_human", arguments: { questions: [ask.questions[2]!] }, _meta: { sessionId: "chat-a" } });
      const a = await pendingFrom(api, name);
      expect(a.agent.sessionId).toBe("chat-a");
      const chatB = mcp.client.callTool({ name: "ask_human", arguments: { questions: [ask.questions[2]!] }, _meta: { "claudecode/sessionId": "chat-b" } });
      const b = (await waitFor(async () => (await api.list({ status: "pending", agent: name })).data.find((r) => r.id !== a.id)))!;
      expect(b.agent.sessionId).toBe("chat-b");
      const h = viaHeader.client.callTool({ name: "ask_human", arguments: { questions: [ask.questions[2]!] } });
      expect((await pendingFrom(api, `${name}-h`)).agent.sessionId).toBe("chat-from-header");
      // One transport session, two chats: DELETE still withdraws both (kept as mcpSessionId).
      await mcp.transport.terminateSession();
      expect((await chatA).structuredContent).toMatchObject({ status: "cancelled" });
      expect((await chatB).structuredContent).toMatchObject({ status: "cancelled" });
      await api.cancelSession("chat-from-header");
      expect((await h).structuredContent).toMatchObject({ status: "cancelled" });
    } finally {
      await mcp.close();
      await viaHeader.close();
    }
  });

  it("refuses a session id signed for another token", async () => {
    const a = await initialize(tokens.agent, LATEST_PROTOCOL_VERSION);
    const sessionId = a.headers.get("mcp-session-id")!;
    const res = await fetch(`${baseUrl}/api/mcp`, { method: "DELETE", headers: { authorization: `Bearer ${tokens.all}`, "mcp-session-id": sessionId } });
    expect(res.status).toBe(404);
  });

  it("keeps the REST body rules: 413 over 256 KiB, problem+json", async () => {
    const res = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${tokens.agent}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask_human", arguments: { context: "x".repeat(300_000) } } }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
  });
});
