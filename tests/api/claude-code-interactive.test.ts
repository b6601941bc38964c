// Interactive Claude Code (a real terminal under tmux, scripted model) with the README's hook block
// in .claude/settings.json: its questions and permission prompts are answered in the inbox (REST
// API here) and the outcome reaches the model and the filesystem. A second session, with a hook
// timeout nobody meets, falls back to Claude Code's own dialog and withdraws the inbox request.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionsClient } from "@openoxide/questions-client";
import { clients } from "../helpers/clients";
import { claudeHome, readmeClaudeBlocks, startInteractive, type ClaudeHome, type Terminal } from "../helpers/runtimes/claude-code";
import { askToken, fromProject, nextPending, requestsFrom } from "../helpers/runtimes/claude-inbox";
import { startMessagesModel, toolCalls, type MessagesModel } from "../helpers/runtimes/messages-model";

const { baseUrl, reviewer } = clients();
const write = (file: string, text: string) => `node -e "require('fs').appendFileSync('${file}', '${text}')"`;
const ALWAYS = write("always.txt", "x");
const ask = {
  questions: [
    { question: "Which database should the queue use?", header: "Database", multiSelect: false, options: [{ label: "PostgreSQL", description: "Already in production" }, { label: "SQLite", description: "Embedded" }] },
    { question: "Which extras do you want?", header: "Extras", multiSelect: true, options: [{ label: "Tests", description: "Unit tests" }, { label: "Docs", description: "A README section" }, { label: "CI", description: "A workflow" }] },
  ],
};
const APPROVED = { command: write("approved.txt", "ok"), description: "Write approved.txt" };
const script: Array<{ name: string; input: unknown }> = [
  { name: "AskUserQuestion", input: ask },
  { name: "Bash", input: APPROVED },
  { name: "Bash", input: { command: write("denied.txt", "no"), description: "Write denied.txt" } },
  { name: "Bash", input: { command: ALWAYS, description: "Append to always.txt" } },
  { name: "Bash", input: { command: ALWAYS, description: "Append to always.txt again" } },
];

let home: ClaudeHome;
let agent: QuestionsClient;
let token: string;
const models: MessagesModel[] = [];
const terminals: Terminal[] = [];

async function session(steps: typeof script, hookTimeout: number) {
  const model = await startMessagesModel(toolCalls(steps));
  models.push(model);
  const cwd = home.project({ ".claude/settings.json": readmeClaudeBlocks(baseUrl).settings(hookTimeout) });
  const terminal = await startInteractive({ cwd, env: home.env(model.baseUrl, { QUESTIONS_TOKEN: token }), prompt: "Set up the job queue." });
  terminals.push(terminal);
  return { model, cwd, terminal };
}

beforeAll(async () => {
  home = claudeHome();
  ({ token, client: agent } = await askToken());
}, 60_000);

afterAll(async () => {
  await Promise.all(terminals.map((t) => t.stop()));
  await Promise.all(models.map((m) => m.stop()));
  home?.cleanup();
});

describe("Claude Code, interactive, with the hook", () => {
  it("answers questions, approves, denies with a note and approves always from the inbox; a hook timeout nobody meets goes back to the terminal", async () => {
    // Both sessions run side by side: the low-timeout one waits while the other is driven.
    const [main, late] = await Promise.all([session(script, 60), session([{ name: "Bash", input: { command: write("late.txt", "x"), description: "Write late.txt" } }], 12)]);

    const lateCase = (async () => {
      const pending = await nextPending(agent, fromProject(late.cwd), late.terminal.screen);
      expect(pending.questions[0]).toMatchObject({ kind: "approval", action: { tool: "Bash" } });
      // Nobody decides: 2 s before the 12 s hook timeout the hook answers with no decision.
      await late.terminal.waitFor(/Do you want to proceed\?/, 30_000);
      const after = await agent.get(pending.id, { wait: 10 });
      expect(after.status).toBe("cancelled");
      expect(after.response).toMatchObject({ rejection: { code: "cancelled", message: expect.stringContaining("asked in the terminal instead") } });
      expect(existsSync(path.join(late.cwd, "late.txt"))).toBe(false);
    })();
    lateCase.catch(() => undefined); // awaited at the end; its failure is reported there

    // 1. AskUserQuestion: one question single-select, one multi-select, each with "Other".
    const question = await nextPending(agent, fromProject(main.cwd), main.terminal.screen);
    expect(question.agent).toMatchObject({ name: "Claude Code", sessionId: expect.stringMatching(/^[\w-]{8,}$/) });
    expect(question.questions).toMatchObject([
      { header: "Database", prompt: ask.questions[0]!.question, kind: "single_select", allowCustom: true, options: [{ label: "PostgreSQL", description: "Already in production" }, { label: "SQLite" }] },
      { header: "Extras", kind: "multi_select", allowCustom: true },
    ]);
    await reviewer.reply(question.id, { answers: { q1: { selected: ["PostgreSQL"] }, q2: { selected: ["Tests", "Docs"] } } });
    const answered = await main.model.waitForToolResult((r) => r.tool === "AskUserQuestion");
    expect(answered.output).toBe(
      'Your questions have been answered: "Which database should the queue use?"="PostgreSQL", "Which extras do you want?"="Tests, Docs". You can now continue with these answers in mind.',
    );

    // 2. Bash, approved: it runs.
    const approve = await nextPending(agent, fromProject(main.cwd), main.terminal.screen);
    expect(approve.agent.sessionId).toBe(question.agent.sessionId);
    expect(approve.title).toBe(`Claude Code wants to run: ${APPROVED.command}`);
    expect(approve.questions[0]).toMatchObject({ kind: "approval", prompt: "Claude Code wants to run a command: Write approved.txt", action: { tool: "Bash", input: APPROVED } });
    await reviewer.reply(approve.id, { answers: { approve: { decision: "approve" } } });
    await main.model.waitForToolResult((r) => r.tool === "Bash");
    expect(readFileSync(path.join(main.cwd, "approved.txt"), "utf8")).toBe("ok");

    // 3. Bash, denied with a note: it does not run, and the model reads the note.
    const deny = await nextPending(agent, fromProject(main.cwd), main.terminal.screen);
    await reviewer.reply(deny.id, { answers: { approve: { decision: "deny", note: "Use the staging database instead." } } });
    const denied = await main.model.waitForToolResult((r) => r.isError && r.tool === "Bash");
    expect(denied.output).toContain("Use the staging database instead.");
    expect(existsSync(path.join(main.cwd, "denied.txt"))).toBe(false);

    // 4. Approve always (Claude Code's own suggestion, shown in words), then 5. the same command runs unasked.
    const always = await nextPending(agent, fromProject(main.cwd), main.terminal.screen);
    expect(always.questions[0]).toMatchObject({ allowAlways: true, action: { summary: expect.stringContaining(`\`Bash(${ALWAYS})\``) } });
    await reviewer.reply(always.id, { answers: { approve: { decision: "approve_always" } } });
    await main.terminal.waitFor(/Done\./, 60_000);
    expect(readFileSync(path.join(main.cwd, "always.txt"), "utf8")).toBe("xx");
    expect((await requestsFrom(agent, main.cwd)).map((r) => r.id)).toEqual([question.id, approve.id, deny.id, always.id]);

    await lateCase;
  }, 240_000);
});
