// /api/mcp's transport (lib/mcp/http-transport.ts): one MCP Server serves every POST, so calls
// from different clients that reuse the same JSON-RPC id must each get their own answer under
// their own id; and the HTTP answers are the SDK transport's (status, headers, SSE framing).
import { describe, expect, it } from "vitest";
import { clients, singleSelect, uid } from "../helpers/clients";
import { parked } from "../helpers/parked";

const { baseUrl, agent, reviewer, tokens } = clients();

type Rpc = { id?: number | string; result?: { structuredContent?: Record<string, unknown> }; error?: { code: number; message: string } };

const headers = (session?: string, extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: `Bearer ${tokens.agent}`,
  ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" } : {}),
  ...extra,
});

const post = (body: unknown, session?: string, extra?: Record<string, string>) =>
  fetch(`${baseUrl}/api/mcp`, { method: "POST", headers: headers(session, extra), body: JSON.stringify(body) });

async function openSession(): Promise<string> {
  const res = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: `transport-${uid()}`, version: "1" } } });
  expect(res.status).toBe(200);
  await res.text();
  return res.headers.get("mcp-session-id")!;
}

/** The SSE events of a response, read to its end. */
async function events(res: Response): Promise<Rpc[]> {
  const text = await res.text();
  expect(text).toMatch(/^event: message\ndata: /);
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)) as Rpc);
}

const getAnswer = (id: number | string, requestId: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_answer", arguments: { requestId, waitSeconds: 30 } } });

describe("MCP transport", () => {
  it("two clients waiting with the same JSON-RPC id each get their own answer, under their own id", async () => {
    const [a, b] = [await agent.create(singleSelect()), await agent.create(singleSelect())];
    const [sa, sb] = [await openSession(), await openSession()];
    const callA = post(getAnswer(7, a.id), sa);
    const callB = post(getAnswer(7, b.id), sb);
    await parked(a.id);
    await parked(b.id);
    await reviewer.reply(b.id, { answers: { db: { selected: ["SQLite"] } } });
    const [rb] = await events(await callB);
    expect(rb).toMatchObject({ id: 7, result: { structuredContent: { requestId: b.id, status: "answered", answers: { db: { selected: ["SQLite"] } } } } });
    await reviewer.reply(a.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const [ra] = await events(await callA);
    expect(ra).toMatchObject({ id: 7, result: { structuredContent: { requestId: a.id, status: "answered", answers: { db: { selected: ["PostgreSQL"] } } } } });
  });

  it("a batch's calls answer on one event stream, which ends after the last", async () => {
    const [a, b] = [await agent.create(singleSelect()), await agent.create(singleSelect())];
    const session = await openSession();
    const res = await post([getAnswer("x", a.id), getAnswer(2, b.id)], session);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    await parked(a.id);
    await parked(b.id);
    await reviewer.reply(a.id, { answers: { db: { selected: ["SQLite"] } } });
    await reviewer.reply(b.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const replies = await events(res);
    expect(replies.map((r) => [r.id, r.result?.structuredContent?.requestId])).toEqual([
      ["x", a.id],
      [2, b.id],
    ]);
  });

  it("a wait cancelled in its own POST (notifications/cancelled) gets no answer, and a dropped one leaves nothing parked", async () => {
    const [a, b] = [await agent.create(singleSelect()), await agent.create(singleSelect())];
    const session = await openSession();
    const cancelling = new AbortController();
    const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, reason: "test" } };
    const res = await fetch(`${baseUrl}/api/mcp`, { method: "POST", headers: headers(session), body: JSON.stringify([getAnswer(5, a.id), cancel, getAnswer(8, b.id)]), signal: cancelling.signal });
    expect(res.status).toBe(200);
    await parked(b.id);
    // a is answered first: a call 5 still waiting would write its answer before call 8's.
    await reviewer.reply(a.id, { answers: { db: { selected: ["SQLite"] } } });
    await reviewer.reply(b.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      text += value ?? "";
      if (done || text.includes('"id":8')) break;
    }
    expect(text).toContain('"id":8');
    expect(text).not.toContain('"id":5');
    // The cancelled call gets no response, so the stream stays open until its client leaves.
    cancelling.abort();

    const c = await agent.create(singleSelect());
    const dropping = new AbortController();
    const dropped = fetch(`${baseUrl}/api/mcp`, { method: "POST", headers: headers(session), body: JSON.stringify(getAnswer(7, c.id)), signal: dropping.signal });
    await parked(c.id);
    dropping.abort();
    await expect(dropped.then((r) => r.text())).rejects.toThrow();
    await parked(c.id, { count: 0, exactly: true });
  });

  it("answers as the SDK's transport does: 406, 400 for an unknown protocol version or a non-JSON-RPC body, 202 for a notification", async () => {
    const session = await openSession();
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const notAcceptable = await post(list, session, { accept: "application/json" });
    expect(notAcceptable.status).toBe(406);
    expect(await notAcceptable.json()).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: "Not Acceptable: Client must accept both application/json and text/event-stream" }, id: null });
    const version = await post(list, session, { "mcp-protocol-version": "1999-01-01" });
    expect(version.status).toBe(400);
    expect((await version.json()).error.message).toMatch(/^Bad Request: Unsupported protocol version: 1999-01-01/);
    const garbage = await post({ hello: "world" }, session);
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error: Invalid JSON-RPC message" }, id: null });
    const note = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
    expect(note.status).toBe(202);
    expect(await note.text()).toBe("");
    const [tools] = await events(await post(list, session));
    expect(tools).toMatchObject({ id: 1, result: { tools: [{ name: "ask_human" }, { name: "get_answer" }, { name: "permission_prompt" }] } });
  });
});
