// LangGraph interrupts answered from the inbox, end to end: a real LangGraph JS dev server
// (`langgraphjs dev`, graphs in tests/langgraph/src), this app's real server watching it (its own
// database, a short poll), the deployment connected with the real admin CLI, answers given
// through the agent API as a reviewer would. Presence limits are shortened (PRESENCE_SECONDS=1,
// ABANDON_AFTER=3 s): the watcher keeps its requests waited for, every test relies on that.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { QuestionsClient, type QuestionRequest } from "@openoxide/questions-client";
import { admin, createToken, runAdmin } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startLangGraph, type LangGraphDev } from "../helpers/runtimes/langgraph";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-langgraph-"));
const env = { LANGGRAPH_POLL_MS: "200", PRESENCE_SECONDS: "1", ABANDON_AFTER: "3s" };
let dropDb: () => Promise<void> = async () => {};
let lg: LangGraphDev;
let server: TestServer;
let reviewer: QuestionsClient;
let answerToken = "";
let askToken = "";

beforeAll(async () => {
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  answerToken = createToken(dataDir, { name: "reviewer", scopes: "answer,read" });
  askToken = createToken(dataDir, { name: "agent", scopes: "ask" });
  lg = await startLangGraph();
  server = await startServer({ dataDir, env });
  reviewer = new QuestionsClient({ baseUrl: server.url, token: answerToken });
  const r = admin(dataDir, ["langgraph", "connect", "--team", "default", "--url", lg.url]);
  expect(r.stderr).toBe("");
  expect(r.stdout).toMatch(/^Connected LangGraph deployment lgd_/);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await lg?.stop();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a thread of `graph` that stops at its interrupt; returns the thread id. */
async function interrupted(graph: string, input: Record<string, unknown> = {}): Promise<string> {
  const thread = await lg.client.threads.create({ graphId: graph });
  await lg.client.runs.wait(thread.thread_id, graph, { input });
  expect((await lg.client.threads.get(thread.thread_id)).status).toBe("interrupted");
  return thread.thread_id;
}

/** The inbox request of a thread (agent.sessionId is the thread id), once the watcher made it. */
async function inboxItem(threadId: string, status = "pending"): Promise<QuestionRequest> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await reviewer.list({ sessionId: threadId })).data;
    const item = found.find((r) => r.status === status);
    if (item) return item;
    if (Date.now() > deadline) throw new Error(`no ${status} inbox request for thread ${threadId} (found ${found.map((r) => r.status).join(",") || "none"}):\n${server.logs().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The thread's values once it has run to its end after our resume. */
async function finished(threadId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const t = await lg.client.threads.get(threadId);
    if (t.status === "idle") return t.values as Record<string, unknown>;
    if (Date.now() > deadline) throw new Error(`thread ${threadId} still ${t.status}:\n${server.logs().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runs = async (threadId: string) => (await lg.client.runs.list(threadId)).length;

describe("LangGraph interrupts in the inbox", () => {
  test("a HITL approval approved: one approval, the node receives the approve decision", async () => {
    const thread = await interrupted("hitl", { command: "make deploy" });
    const item = await inboxItem(thread);
    expect(item).toMatchObject({ source: "internal", title: "make deploy", agent: { name: "hitl", sessionId: thread } });
    expect(item.questions).toHaveLength(1);
    expect(item.questions[0]).toMatchObject({ kind: "approval", header: "bash", allowEdit: true, action: { tool: "bash", input: { command: "make deploy" } } });
    await reviewer.reply(item.id, { answers: { action1: { decision: "approve" } } });
    expect((await finished(thread)).decisions).toEqual({ decisions: [{ type: "approve" }] });
  });

  test("edited: the node receives the edited args", async () => {
    const thread = await interrupted("hitl", { command: "make deploy" });
    const item = await inboxItem(thread);
    await reviewer.reply(item.id, { answers: { action1: { decision: "approve", editedInput: { command: "make deploy-staging" } } } });
    expect((await finished(thread)).decisions).toEqual({ decisions: [{ type: "edit", editedAction: { name: "bash", args: { command: "make deploy-staging" } } }] });
  });

  test("rejected with a message: the node receives reject and the note", async () => {
    const thread = await interrupted("hitl", { command: "rm -rf build" });
    const item = await inboxItem(thread);
    await reviewer.reply(item.id, { answers: { action1: { decision: "deny", note: "Not on a Friday." } } });
    expect((await finished(thread)).decisions).toEqual({ decisions: [{ type: "reject", message: "Not on a Friday." }] });
  });

  test("createAgent + humanInTheLoopMiddleware: the approved tool call runs", async () => {
    const thread = await interrupted("agent", { messages: [{ role: "user", content: "Deploy it." }] });
    const item = await inboxItem(thread);
    expect(item.questions[0]).toMatchObject({ kind: "approval", action: { tool: "deploy", input: { target: "staging" } } });
    await reviewer.reply(item.id, { answers: { action1: { decision: "approve" } } });
    const values = await finished(thread);
    const messages = values.messages as Array<{ type?: string; content: unknown }>;
    expect(messages.map((m) => String(m.content))).toContain("deployed to staging");
    expect(String(messages.at(-1)?.content)).toBe("Done: deployed to staging");
  });

  test("an Agent Inbox HumanInterrupt answered with a response", async () => {
    const thread = await interrupted("inbox");
    const item = await inboxItem(thread);
    expect(item.questions.map((q) => [q.id, q.kind])).toEqual([
      ["action", "approval"],
      ["respond", "freeform"],
    ]);
    await reviewer.reply(item.id, { answers: { respond: { text: "Hold it until Monday." } }, confirmUnanswered: true });
    expect((await finished(thread)).response).toEqual({ type: "response", args: "Hold it until Monday." });
  });

  test("a plain interrupt value answered with text", async () => {
    const thread = await interrupted("plain");
    const item = await inboxItem(thread);
    expect(item.questions[0]).toMatchObject({ kind: "freeform", prompt: "What should the release be called?" });
    await reviewer.reply(item.id, { answers: { answer: { text: "Aurora" } } });
    expect((await finished(thread)).answer).toBe("Aurora");
  });

  test("an open interrupt's request is not abandoned (the graph waits); a request nobody waits on is", async () => {
    const thread = await interrupted("plain");
    const item = await inboxItem(thread);
    // Made after the interrupt's request: once it is withdrawn, that one is past ABANDON_AFTER too.
    const alone = await new QuestionsClient({ baseUrl: server.url, token: askToken }).create(singleSelect());
    expect((await reviewer.wait(alone.id, { timeoutMs: 30_000 })).response).toMatchObject({ rejection: { message: expect.stringContaining("the agent stopped waiting") } });
    expect((await reviewer.get(item.id)).status).toBe("pending");
    await reviewer.reply(item.id, { answers: { answer: { text: "Cirrus" } } });
    expect((await finished(thread)).answer).toBe("Cirrus");
  });

  test("a thread resumed elsewhere first: our request is withdrawn", async () => {
    const thread = await interrupted("plain");
    const item = await inboxItem(thread);
    await lg.client.runs.wait(thread, "plain", { command: { resume: "from Studio" } });
    const withdrawn = await inboxItem(thread, "cancelled");
    expect(withdrawn.id).toBe(item.id);
    expect(withdrawn.response).toMatchObject({ rejection: { code: "cancelled", message: expect.stringContaining("resumed elsewhere") } });
    expect((await finished(thread)).answer).toBe("from Studio");
  });

  test("a restart of our server between interrupt and answer resumes exactly once", async () => {
    const thread = await interrupted("plain");
    const item = await inboxItem(thread);
    const port = server.port;
    await server.stop();
    server = await startServer({ dataDir, env, port });
    reviewer = new QuestionsClient({ baseUrl: server.url, token: answerToken });
    // The new process sees the same interrupt again: still one request, not a second.
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await reviewer.list({ sessionId: thread })).data.map((r) => r.id)).toEqual([item.id]);
    await reviewer.reply(item.id, { answers: { answer: { text: "Borealis" } } });
    expect((await finished(thread)).answer).toBe("Borealis");
    await new Promise((r) => setTimeout(r, 1_000)); // more passes of the watcher: no second resume
    expect(await runs(thread)).toBe(2); // the first run, and one resume
  });

  test("a deployment that is down is shown as failing and retried with backoff", async () => {
    const r = await runAdmin(dataDir, ["langgraph", "connect", "--team", "default", "--url", "http://127.0.0.1:9", "--graph", "nothing", "--graph", "other"]);
    expect(r.stdout).toMatch(/\(nothing, other\)/);
    const id = /deployment (lgd_\S+) /.exec(r.stdout)![1]!;
    const deadline = Date.now() + 20_000;
    let row: { failureStreak: number; lastError: string | null } | undefined;
    for (;;) {
      [row] = await rawQuery<{ failureStreak: number; lastError: string | null }>(dataDir, `SELECT "failureStreak", "lastError" FROM "LangGraphDeployment" WHERE id = ?`, [id]);
      if (row && Number(row.failureStreak) >= 2) break;
      if (Date.now() > deadline) throw new Error(`not retried: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row!.lastError).toBeTruthy();
    const list = await runAdmin(dataDir, ["langgraph", "list", "--team", "default"]);
    expect(list.stdout).toMatch(new RegExp(`${id} .*127\\.0\\.0\\.1:9 .*failing \\(\\d+\\)`));
    expect((await runAdmin(dataDir, ["langgraph", "disconnect", id])).code).toBe(0);
  }, 120_000);

  test("bad input to connect is refused with the field named, and nothing is stored", async () => {
    const [bad, creds, missing] = await Promise.all([
      runAdmin(dataDir, ["langgraph", "connect", "--team", "default", "--url", "ftp://example.com"]),
      runAdmin(dataDir, ["langgraph", "connect", "--team", "default", "--url", "https://user:pw@example.com"]),
      runAdmin(dataDir, ["langgraph", "connect", "--team", "default", "--url", "https://example.com", "--api-key-env", "OQ_NOT_SET_ANYWHERE"]),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--url: must be an http or https URL/);
    expect(creds.code).toBe(2);
    expect(creds.stderr).toMatch(/--url: must not carry credentials/);
    expect(creds.stderr).not.toContain("pw@");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/OQ_NOT_SET_ANYWHERE is not set/);
    const rows = await rawQuery(dataDir, `SELECT id FROM "LangGraphDeployment" WHERE url LIKE '%example.com%'`);
    expect(rows).toEqual([]);
  }, 120_000);
});
