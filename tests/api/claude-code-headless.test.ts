// Headless Claude Code (`claude -p`, scripted model) with the README's blocks: `.mcp.json` plus the
// `--permission-prompt-tool` flag sends its question and its Bash calls to the inbox through the
// MCP tool permission_prompt; `claude mcp add` gives the model ask_human, whose answer it reads.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionsClient } from "@openoxide/questions-client";
import { clients } from "../helpers/clients";
import { claudeHome, readmeClaudeBlocks, shellBlock, type ClaudeHome } from "../helpers/runtimes/claude-code";
import { askToken, nextPending } from "../helpers/runtimes/claude-inbox";
import { startMessagesModel, toolCalls, type MessagesModel } from "../helpers/runtimes/messages-model";

const { baseUrl, reviewer } = clients();
const write = (file: string) => `node -e "require('fs').writeFileSync('${file}', 'ok')"`;
const question = {
  questions: [{ question: "Which database should the queue use?", header: "Database", multiSelect: false, options: [{ label: "PostgreSQL", description: "Server" }, { label: "SQLite", description: "Embedded" }] }],
};
const askHuman = {
  title: "Queue storage",
  questions: [{ id: "db", header: "Database", prompt: "Which database should the queue use?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
};

let home: ClaudeHome;
let agent: QuestionsClient;
let token: string;
const models: MessagesModel[] = [];

beforeAll(async () => {
  home = claudeHome();
  ({ token, client: agent } = await askToken());
}, 60_000);

afterAll(async () => {
  await Promise.all(models.map((m) => m.stop()));
  if (!process.env.KEEP_CLAUDE_HOME) home?.cleanup();
});

async function model(calls: Array<{ name: string; input: unknown }>) {
  const m = await startMessagesModel(toolCalls(calls));
  models.push(m);
  return m;
}

describe("Claude Code, headless", () => {
  it("the README's .mcp.json and -p flag: a question and two Bash calls decided in the inbox", async () => {
    const blocks = readmeClaudeBlocks(baseUrl);
    const m = await model([
      { name: "AskUserQuestion", input: question },
      { name: "Bash", input: { command: write("approved.txt"), description: "Write approved.txt" } },
      { name: "Bash", input: { command: write("denied.txt"), description: "Write denied.txt" } },
    ]);
    const cwd = home.project({ ".mcp.json": blocks.mcpJson });
    const run = shellBlock(blocks.headless, { cwd, env: home.env(m.baseUrl, { QUESTIONS_TOKEN: token }), extraArgs: "--mcp-config .mcp.json" });
    let finished = "still running";
    void run.then((r) => (finished = JSON.stringify(r)));
    const next = () => nextPending(agent, (r) => r.agent.name === "Claude Code", () => finished);

    const q = await next();
    // Claude Code names no session over MCP (no _meta key, no header): none rather than the transport id.
    expect(q.agent.sessionId).toBeNull();
    expect(q.questions[0]).toMatchObject({ kind: "single_select", prompt: question.questions[0]!.question, allowCustom: true });
    await reviewer.reply(q.id, { answers: { q1: { selected: ["SQLite"] } } });
    const answered = await m.waitForToolResult((r) => r.tool === "AskUserQuestion");
    expect(answered.output).toContain('"Which database should the queue use?"="SQLite"');

    const approve = await next();
    expect(approve.questions[0]).toMatchObject({ kind: "approval", action: { tool: "Bash" } });
    await reviewer.reply(approve.id, { answers: { approve: { decision: "approve" } } });
    const deny = await next();
    await reviewer.reply(deny.id, { answers: { approve: { decision: "deny", note: "Not in this repository." } } });

    const result = await run;
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, "approved.txt"), "utf8")).toBe("ok");
    expect(existsSync(path.join(cwd, "denied.txt"))).toBe(false);
    expect(m.toolResults().find((r) => r.tool === "Bash" && r.isError)?.output).toContain("Not in this repository.");
  }, 200_000);

  it("the README's `claude mcp add`: ask_human reaches the inbox and the answer reaches the model", async () => {
    const blocks = readmeClaudeBlocks(baseUrl);
    const m = await model([{ name: "mcp__questions__ask_human", input: askHuman }]);
    const cwd = home.project();
    const env = home.env(m.baseUrl, { QUESTIONS_TOKEN: token });
    const added = await shellBlock(blocks.mcpAdd, { cwd, env });
    expect(added.code, added.stderr).toBe(0);
    const run = shellBlock(`MCP_CONNECTION_NONBLOCKING=false claude -p "Set up the job queue" --allowedTools mcp__questions__ask_human`, { cwd, env });

    let finished = "still running";
    void run.then((r) => (finished = JSON.stringify(r)));
    const pending = await nextPending(agent, (r) => r.title === "Queue storage", () => finished);
    expect(pending.source).toBe("model_tool");
    await reviewer.reply(pending.id, { answers: { db: { selected: ["PostgreSQL"], note: "we already run it" } } });
    const result = await m.waitForToolResult((r) => r.tool === "mcp__questions__ask_human");
    // Claude Code hands the model the structuredContent JSON when a tool returns it.
    expect(JSON.parse(result.output)).toMatchObject({ requestId: pending.id, status: "answered", answers: { db: { selected: ["PostgreSQL"], note: "we already run it" } } });
    expect((await run).code).toBe(0);
  }, 200_000);
});
