// The Claude Agent SDK (real @anthropic-ai/claude-agent-sdk, its bundled Claude Code, a scripted
// Messages API) with `canUseTool: inboxCanUseTool(…)`: its AskUserQuestion and its Bash calls are
// decided in the inbox, mapped as the Claude Code hook maps them.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { inboxCanUseTool } from "@openoxide/questions-client/agent-sdk";
import type { QuestionsClient } from "@openoxide/questions-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, uid } from "../helpers/clients";
import { askToken, nextPending } from "../helpers/runtimes/claude-inbox";
import { startMessagesModel, toolCalls } from "../helpers/runtimes/messages-model";

const { reviewer } = clients();
const home = mkdtempSync(path.join(tmpdir(), "oq-agent-sdk-"));
const write = (file: string) => `node -e "require('fs').writeFileSync('${file}', 'ok')"`;
let agent: QuestionsClient;

beforeAll(async () => {
  ({ client: agent } = await askToken());
}, 60_000);

afterAll(() => rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

describe("Claude Agent SDK with canUseTool: inboxCanUseTool()", () => {
  it("sends AskUserQuestion and each Bash call to the inbox; the answers and decisions reach the agent", async () => {
    const cwd = mkdtempSync(path.join(home, "project-"));
    writeFileSync(path.join(home, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true, projects: { [cwd]: { hasTrustDialogAccepted: true } } }));
    const question = { questions: [{ question: "Which database should the queue use?", header: "Database", multiSelect: false, options: [{ label: "PostgreSQL", description: "Server" }, { label: "SQLite", description: "Embedded" }] }] };
    const model = await startMessagesModel(
      toolCalls([
        { name: "AskUserQuestion", input: question },
        { name: "Bash", input: { command: write("approved.txt"), description: "Write approved.txt" } },
        { name: "Bash", input: { command: write("denied.txt"), description: "Write denied.txt" } },
      ]),
    );
    const sessionId = `sdk-${uid()}`;
    const run = (async () => {
      const messages: string[] = [];
      const q = query({
        prompt: "Set up the queue.",
        options: {
          cwd,
          canUseTool: inboxCanUseTool({ client: agent, sessionId, cwd }),
          env: { ...process.env, HOME: home, ANTHROPIC_BASE_URL: model.baseUrl, ANTHROPIC_API_KEY: "sk-ant-scripted", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1" },
        },
      });
      for await (const m of q) messages.push(m.type === "result" ? `result:${m.subtype}` : m.type);
      return messages;
    })();
    let finished = "";
    void run.then((m) => (finished = m.join(",")), (e: unknown) => (finished = String(e)));
    const next = () => nextPending(agent, (r) => r.agent.sessionId === sessionId, () => finished || "still running", 60_000);
    try {
      const ask = await next();
      expect(ask).toMatchObject({ source: "internal", agent: { name: "Claude Code", cwd }, context: `Working directory: \`${cwd}\`` });
      expect(ask.questions[0]).toMatchObject({ id: "q1", kind: "single_select", prompt: "Which database should the queue use?", allowCustom: true });
      await reviewer.reply(ask.id, { answers: { q1: { selected: ["SQLite"] } } });
      expect((await model.waitForToolResult((r) => r.tool === "AskUserQuestion")).output).toContain('"Which database should the queue use?"="SQLite"');

      const approve = await next();
      expect(approve.questions[0]).toMatchObject({ kind: "approval", action: { tool: "Bash", input: { command: write("approved.txt") } }, allowAlways: true });
      await reviewer.reply(approve.id, { answers: { approve: { decision: "approve" } } });
      await model.waitForToolResult((r) => r.tool === "Bash");
      expect(existsSync(path.join(cwd, "approved.txt"))).toBe(true);

      const deny = await next();
      await reviewer.reply(deny.id, { answers: { approve: { decision: "deny", note: "no writes today" } } });
      const denied = await model.waitForToolResult((r) => r.tool === "Bash" && r.output.includes("no writes today"));
      expect(denied.isError).toBe(true);
      expect(existsSync(path.join(cwd, "denied.txt"))).toBe(false);
      expect(await run).toContain("result:success");
    } finally {
      await model.stop();
    }
  }, 120_000);
});
