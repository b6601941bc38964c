// Two instances on one PostgreSQL database watch the same LangGraph deployment: exactly one holds
// its lease, each interrupt becomes one request, each answer resumes its thread once, and when the
// watching instance stops the other takes over.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient, type QuestionRequest } from "@openoxide/questions-client";
import { createToken, runAdmin } from "../helpers/cli";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startLangGraph, type LangGraphDev } from "../helpers/runtimes/langgraph";

const dir = mkdtempSync(path.join(tmpdir(), "oq-langgraph-multi-"));
const env = { LANGGRAPH_POLL_MS: "200" };
let dropDb: () => Promise<void> = async () => {};
let lg: LangGraphDev;
const servers: TestServer[] = [];
let reviewer: QuestionsClient;
let token = "";

beforeAll(async () => {
  dropDb = await ownDatabase(dir);
  migrate(dir);
  token = createToken(dir, { name: "reviewer", scopes: "answer,read" });
  lg = await startLangGraph();
  servers.push(await startServer({ dataDir: dir, env }), await startServer({ dataDir: dir, env }));
  reviewer = new QuestionsClient({ baseUrl: servers[1]!.url, token });
  expect((await runAdmin(dir, ["langgraph", "connect", "--team", "default", "--url", lg.url, "--graph", "plain"])).code).toBe(0);
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await lg?.stop();
  await dropDb();
  rmSync(dir, { recursive: true, force: true });
});

async function interrupted(): Promise<string> {
  const thread = await lg.client.threads.create({ graphId: "plain" });
  await lg.client.runs.wait(thread.thread_id, "plain", { input: {} });
  return thread.thread_id;
}

async function requestsOf(threadId: string, n: number): Promise<QuestionRequest[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (await reviewer.list({ sessionId: threadId })).data;
    if (found.length >= n) return found;
    if (Date.now() > deadline) throw new Error(`no request for ${threadId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function answerOf(threadId: string): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const t = await lg.client.threads.get(threadId);
    if (t.status === "idle") return (t.values as { answer?: unknown }).answer;
    if (Date.now() > deadline) throw new Error(`thread ${threadId} still ${t.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("LangGraph with two instances", () => {
  it("one request per interrupt, one resume per answer, and a takeover when the watcher stops", async () => {
    const threads = await Promise.all([interrupted(), interrupted(), interrupted()]);
    for (const t of threads) expect((await requestsOf(t, 1)).length).toBe(1);
    const [lease] = await rawQuery<{ leaseOwner: string | null }>(dir, `SELECT "leaseOwner" FROM "LangGraphDeployment"`);
    expect(lease!.leaseOwner).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1_000)); // both instances poll several times more: still one each
    for (const t of threads) expect((await requestsOf(t, 1)).length).toBe(1);

    for (const [i, t] of threads.entries()) {
      const [item] = await requestsOf(t, 1);
      await reviewer.reply(item!.id, { answers: { answer: { text: `name-${i}` } } });
    }
    for (const [i, t] of threads.entries()) expect(await answerOf(t)).toBe(`name-${i}`);
    for (const t of threads) expect((await lg.client.runs.list(t)).length).toBe(2);

    // Whichever instance watched, stop it: the other takes the lease and keeps forwarding.
    const watcher = servers.findIndex((s) => s.logs().includes("langgraph interrupt forwarded"));
    expect(watcher).toBeGreaterThanOrEqual(0);
    expect(servers.filter((s) => s.logs().includes("langgraph interrupt forwarded"))).toHaveLength(1);
    const other = servers[1 - watcher]!;
    await servers[watcher]!.stop();
    reviewer = new QuestionsClient({ baseUrl: other.url, token });
    const late = await interrupted();
    const [item] = await requestsOf(late, 1);
    await reviewer.reply(item!.id, { answers: { answer: { text: "late" } } });
    expect(await answerOf(late)).toBe("late");
    expect(other.logs()).toContain("langgraph interrupt forwarded");
  }, 120_000);
});
