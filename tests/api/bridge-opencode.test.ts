// The OpenCode bridge end to end: a real `opencode serve` (opencode-ai) on a scripted chat model,
// the bridge as a real child process (`tsx packages/bridge/src/cli.ts opencode`), this app's real server.
// One OpenCode server and one bridge serve the file; each test works in its own OpenCode session.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { QuestionsClient, type QuestionRequest } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { migrate, startServer } from "../helpers/server";
import { clients, uid } from "../helpers/clients";
import { startBridge, type BridgeProcess } from "../helpers/runtimes/bridge";
import { startChatModel, steps, type ChatModel, type Step } from "../helpers/runtimes/chat-model";
import { startOpenCode, type OpenCode } from "../helpers/runtimes/opencode";

const { baseUrl, reviewer, agent, tokens } = clients();
const bridgeEnv = { QUESTIONS_URL: baseUrl, QUESTIONS_TOKEN: tokens.agent };
let model: ChatModel;
let oc: OpenCode;
let bridge: BridgeProcess;

beforeAll(async () => {
  model = await startChatModel();
  oc = await startOpenCode({ modelBaseUrl: model.baseUrl, permission: { bash: "ask" } });
  bridge = startBridge(["opencode", "--url", oc.url], bridgeEnv);
  await bridge.waitFor(/bridging http/);
}, 240_000);

afterAll(async () => {
  await bridge?.stop();
  await oc?.dispose();
  await model?.stop();
});

/** Starts a session whose model follows `list`; returns the session id. */
async function run(list: Step[]): Promise<string> {
  model.setScript(steps(list, "Thanks, done."));
  const session = await oc.createSession();
  await oc.prompt(session, `Work item ${uid()}`);
  return session;
}

/** Waits for the n-th inbox request of an OpenCode session (any status), oldest first. */
async function inbox(session: string, n = 1, timeoutMs = 60_000): Promise<QuestionRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = [...(await reviewer.list({ sessionId: session, status: "pending" })).data];
    if (all.length >= n) return all[n - 1];
    if (Date.now() > deadline) throw new Error(`no inbox request ${n} for ${session}:\n${bridge.stderr()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const result = (callTool: string, includes: string) => model.waitForToolResult((r) => r.tool === callTool && r.output.includes(includes));
const bashCall = (command: string): Step => ({ tool: "bash", args: { command, description: "Run a command" } });

describe("npm run bridge -- opencode", () => {
  test("a single-select question answered in the inbox reaches the model's tool result", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Which database should we use?", header: "Database engine for the new service", options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite", description: "file" }] }] } },
    ]);
    const request = await inbox(session);
    expect(request).toMatchObject({ source: "internal", agent: { name: "opencode", sessionId: session } });
    expect(request.agent.toolCallId).toMatch(/^que/);
    // A header longer than ours is shortened; the full text opens the prompt.
    expect(request.questions[0]).toMatchObject({ kind: "single_select", allowCustom: true, header: "Database engine for the…" });
    expect(request.questions[0].prompt).toBe("Database engine for the new service\n\nWhich database should we use?");

    await reviewer.reply(request.id, { answers: { q1: { selected: ["PostgreSQL"] } } });
    const r = await result("question", "PostgreSQL");
    expect(r.output).toContain(`"Which database should we use?"="PostgreSQL"`);
    expect(bridge.stderr()).toMatch(new RegExp(`question ${request.agent.toolCallId} \\(session ${session}\\) → ${request.id}`));
  });

  test("multi-select with an Other text", async () => {
    const marker = `Redis-${uid()}`;
    const session = await run([
      {
        tool: "question",
        args: { questions: [{ question: "Which caches?", header: "Caches", multiple: true, options: [{ label: "Memory", description: "in process" }, { label: "Disk", description: "files" }, { label: "None", description: "no cache" }] }] },
      },
    ]);
    const request = await inbox(session);
    expect(request.questions[0]).toMatchObject({ kind: "multi_select", allowCustom: true });
    await reviewer.reply(request.id, { answers: { q1: { selected: ["Memory", "Disk"], custom: marker } } });
    const r = await result("question", marker);
    expect(r.output).toContain(`"Which caches?"="Memory, Disk, ${marker}"`);
  });

  test("a bash permission approved: the command runs and its output reaches the model", async () => {
    const marker = `approved-${uid()}`;
    const session = await run([bashCall(`echo ${marker}`)]);
    const request = await inbox(session);
    expect(request.questions[0]).toMatchObject({ kind: "approval", allowAlways: true, action: { tool: "bash", input: { command: `echo ${marker}` } } });
    expect(request.agent.toolCallId).toMatch(/^per/);
    await reviewer.reply(request.id, { answers: { approve: { decision: "approve" } } });
    await result("bash", marker);
  });

  test("a bash permission denied with a note: it does not run and the model sees the note", async () => {
    const marker = `denied-${uid()}`;
    const session = await run([bashCall(`echo ${marker} > denied.txt`)]);
    const request = await inbox(session);
    await reviewer.reply(request.id, { answers: { approve: { decision: "deny", note: `Not on this machine ${marker}` } } });
    const r = await result("bash", `Not on this machine ${marker}`);
    expect(r.output).toContain("rejected permission");
    expect(existsSync(path.join(oc.dir, "denied.txt"))).toBe(false);
  });

  test("approve_always becomes OpenCode's `always`: the same command is not asked again", async () => {
    const marker = `always-${uid()}`;
    const session = await run([bashCall(`echo ${marker}-1`), bashCall(`echo ${marker}-2`)]);
    const request = await inbox(session);
    await reviewer.reply(request.id, { answers: { approve: { decision: "approve_always" } } });
    await result("bash", `${marker}-2`);
    const all = await reviewer.list({ sessionId: session });
    expect(all.data).toHaveLength(1);
    expect(bridge.stderr()).toMatch(new RegExp(`${request.id} answered by .* → OpenCode ${request.agent.toolCallId}: always`));
  });

  test("answered in OpenCode first: the inbox request is cancelled", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Deploy now?", header: "Deploy", options: [{ label: "Yes", description: "go" }, { label: "No", description: "wait" }] }] } },
    ]);
    const request = await inbox(session);
    await oc.replyQuestion(request.agent.toolCallId!, [["No"]]);
    const final = await agent.wait(request.id, { timeoutMs: 30_000 });
    expect(final.status).toBe("cancelled");
    await result("question", `"Deploy now?"="No"`);
  });

  test("Ctrl-C (SIGINT to the process group) withdraws the open request; the restarted bridge asks again, once", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Which region?", header: "Region", options: [{ label: "eu-west", description: "EU" }, { label: "us-east", description: "US" }] }] } },
    ]);
    const request = await inbox(session);
    bridge.signalGroup("SIGINT");
    expect(await bridge.exited).toBe(130);
    const withdrawn = await reviewer.get(request.id);
    expect(withdrawn.status).toBe("cancelled");
    expect(JSON.stringify(withdrawn.response)).toContain("the bridge stopped");
    expect((await reviewer.list({ sessionId: session, status: "pending" })).data).toHaveLength(0);

    // OpenCode still waits for the answer: the next start asks again (one new request, not two).
    bridge = startBridge(["opencode", "--url", oc.url], bridgeEnv);
    const again = await inbox(session);
    expect(again.id).not.toBe(request.id);
    expect(again.agent.toolCallId).toBe(request.agent.toolCallId);
    await reviewer.reply(again.id, { answers: { q1: { selected: ["eu-west"] } } });
    await result("question", `"Which region?"="eu-west"`);
    expect((await reviewer.list({ sessionId: session, status: "pending" })).data).toHaveLength(0);
  }, 180_000);

  test("closing the terminal (SIGHUP to the process group) withdraws the open request too", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Closing?", header: "Hang-up", options: [{ label: "A", description: "a" }, { label: "B", description: "b" }] }] } },
    ]);
    const request = await inbox(session);
    bridge.signalGroup("SIGHUP");
    // The tsx wrapper in front of the bridge dies of the hang-up itself (as npm does in a closed
    // terminal); the bridge process behind it withdraws the request before it exits.
    await bridge.exited;
    const final = await reviewer.wait(request.id, { timeoutMs: 30_000 });
    expect(final.status).toBe("cancelled");
    expect(JSON.stringify(final.response)).toContain("the bridge stopped");
    bridge = startBridge(["opencode", "--url", oc.url], bridgeEnv);
    await bridge.waitFor(/bridging http/);
  });

  test("OpenCode restarted: its lost prompts are withdrawn here and the bridge reconnects", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Before restart?", header: "Before", options: [{ label: "A", description: "a" }, { label: "B", description: "b" }] }] } },
    ]);
    const lost = await inbox(session);
    await oc.restart();
    await bridge.waitFor(/event stream reopened/, 120_000);
    expect((await agent.wait(lost.id, { timeoutMs: 30_000 })).status).toBe("cancelled");

    const after = await run([
      { tool: "question", args: { questions: [{ question: "After restart?", header: "After", options: [{ label: "Yes", description: "y" }, { label: "No", description: "n" }] }] } },
    ]);
    const request = await inbox(after);
    await reviewer.reply(request.id, { answers: { q1: { selected: ["Yes"] } } });
    await result("question", `"After restart?"="Yes"`);
  }, 240_000);

  test("a prompt lost while the bridge was down too is withdrawn when the bridge starts", async () => {
    const session = await run([
      { tool: "question", args: { questions: [{ question: "Lost while down?", header: "Lost", options: [{ label: "A", description: "a" }, { label: "B", description: "b" }] }] } },
    ]);
    const lost = await inbox(session);
    await bridge.stop();
    await oc.restart();
    bridge = startBridge(["opencode", "--url", oc.url], bridgeEnv);
    expect((await agent.wait(lost.id, { timeoutMs: 30_000 })).status).toBe("cancelled");
  }, 150_000);

  test("this app restarted: the bridge keeps waiting, forwards what was asked meanwhile, and delivers both answers", async () => {
    // Its own server and database, so restarting it leaves the shared one alone.
    const dataDir = mkdtempSync(path.join(tmpdir(), "oq-bridge-restart-"));
    migrate(dataDir);
    const ask = createToken(dataDir, { name: "bridge", scopes: "ask" });
    const answerToken = createToken(dataDir, { name: "reviewer", scopes: "answer" });
    let app = await startServer({ dataDir });
    const port = app.port;
    const reviewerHere = new QuestionsClient({ baseUrl: app.url, token: answerToken });
    await bridge.stop();
    const own = startBridge(["opencode", "--url", oc.url], { QUESTIONS_URL: app.url, QUESTIONS_TOKEN: ask });
    try {
      await own.waitFor(/bridging http/);
      const ownInbox = async (session: string) => {
        const deadline = Date.now() + 90_000;
        for (;;) {
          const [first] = (await reviewerHere.list({ sessionId: session, status: "pending" }).catch(() => ({ data: [] }))).data;
          if (first) return first;
          if (Date.now() > deadline) throw new Error(`nothing for ${session}:\n${own.stderr()}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      };
      const ask1 = (q: string) => ({ tool: "question", args: { questions: [{ question: q, header: "Restart", options: [{ label: "Go", description: "go" }, { label: "Stop", description: "stop" }] }] } });
      const before = await run([ask1("Asked before the restart?")]);
      const first = await ownInbox(before);
      await app.stop();
      const during = await run([ask1("Asked while it was down?")]);
      await oc.waitFor(oc.questions, (q) => q.sessionID === during);
      app = await startServer({ dataDir, port });
      const second = await ownInbox(during);
      await reviewerHere.reply(first.id, { answers: { q1: { selected: ["Go"] } } });
      await reviewerHere.reply(second.id, { answers: { q1: { selected: ["Stop"] } } });
      await result("question", `"Asked before the restart?"="Go"`);
      await result("question", `"Asked while it was down?"="Stop"`);
    } finally {
      await own.stop();
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
      bridge = startBridge(["opencode", "--url", oc.url], bridgeEnv);
      await bridge.waitFor(/bridging http/);
    }
  }, 180_000);

  test.each([
    ["OpenCode unreachable", () => ["opencode", "--url", "http://127.0.0.1:9"], () => bridgeEnv, /Cannot reach OpenCode at http:\/\/127\.0\.0\.1:9/],
    ["a wrong token", () => ["opencode", "--url", oc.url], () => ({ ...bridgeEnv, QUESTIONS_TOKEN: "oqt_wrong" }), /QUESTIONS_TOKEN was refused .*401/],
    ["no --url", () => ["opencode"], () => bridgeEnv, /Usage: npm run bridge -- opencode --url/],
  ])("%s at start: a clear message and a non-zero exit", async (_name, args, env, message) => {
    const failing = startBridge(args(), env());
    expect(await failing.exited).not.toBe(0);
    expect(failing.stderr()).toMatch(message);
  });
});
