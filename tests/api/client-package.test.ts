// The workspace packages as a user installs them: both packed, installed with one `npm install` into a
// scratch project outside the repository; the client type-checked there and its `questions` CLI run
// against the real server while a reviewer answers through the API; `questions-bridge` started.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionRequest } from "@openoxide/questions-client";
import { clients, uid } from "../helpers/clients";
import { installPacked, runProgram, type Run, type Scratch } from "../helpers/packages";
import { freePort, ROOT } from "../helpers/server";
import { nextPending } from "../helpers/runtimes/claude-inbox";

const { baseUrl, reviewer, tokens } = clients();
let scratch: Scratch;

beforeAll(async () => {
  scratch = await installPacked(["client", "bridge"]);
}, 180_000);

afterAll(() => scratch?.cleanup());

/** Runs `questions …` as an agent named `agent`; resolves with the pending request it made and the run. */
function questions(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runProgram(scratch.bin("questions"), args, { cwd: scratch.dir, env: { QUESTIONS_URL: baseUrl, QUESTIONS_TOKEN: tokens.agent, ...env } });
}

function asking(args: string[]): { agent: string; run: Promise<Run>; pending: () => Promise<QuestionRequest> } {
  const agent = `cli-${uid()}`;
  const run = questions([args[0]!, "--agent", agent, ...args.slice(1)]);
  let finished = "";
  void run.then((r) => (finished = JSON.stringify(r)));
  return { agent, run, pending: () => nextPending(reviewer, (r) => r.agent.name === agent, () => finished || "still running", 30_000) };
}

describe("@openoxide/questions-client, packed and installed", () => {
  it("type-checks in a TypeScript project of its own (web APIs only, no Node types)", async () => {
    writeFileSync(
      path.join(scratch.dir, "check.ts"),
      `import { QuestionsClient, UnauthorizedError, type QuestionRequest, type CreateRequestInput } from "@openoxide/questions-client";
import { mapToolCall } from "@openoxide/questions-client/claude-code";
const client = new QuestionsClient({ baseUrl: "http://localhost:3000", token: "oqt_x" });
const body: CreateRequestInput = { agent: { name: "ci" }, questions: [{ id: "db", header: "Database", prompt: "Which?", kind: "single_select", options: [{ label: "A" }, { label: "B" }] }] };
export async function main(): Promise<string> {
  const r: QuestionRequest = await client.ask(body, { timeoutMs: 1000 });
  for await (const e of client.events({ lastEventId: 0 })) if (e.type === "request.answered") break;
  // @ts-expect-error: a question needs a kind
  await client.create({ agent: { name: "x" }, questions: [{ id: "q", header: "h", prompt: "p" }] });
  const e: unknown = null;
  if (e instanceof UnauthorizedError) return e.problem.title;
  return r.status + mapToolCall({ toolName: "Bash", input: { command: "ls" } }).body.questions[0]!.kind;
}
`,
    );
    writeFileSync(
      path.join(scratch.dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", lib: ["ES2022", "DOM", "DOM.Iterable"], types: [] }, files: ["check.ts"] }),
    );
    const tsc = await runProgram(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", scratch.dir], { cwd: scratch.dir, env: {} });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);
  });

  it("questions ask: waits, a reviewer answers through the API, it prints the labels (or JSON) and exits 0", async () => {
    const plain = asking(["ask", "Which database?", "--option", "PostgreSQL", "--option", "SQLite"]);
    const json = asking(["ask", "Which extras?", "--option", "Tests", "--option", "Docs", "--multi", "--other", "--json", "--timeout", "10m"]);
    const [p, j] = await Promise.all([plain.pending(), json.pending()]);
    expect(p).toMatchObject({ source: "internal", title: "Which database?", agent: { name: plain.agent, cwd: scratch.dir } });
    expect(p.questions[0]).toMatchObject({ kind: "single_select", prompt: "Which database?", options: [{ label: "PostgreSQL" }, { label: "SQLite" }], allowCustom: false });
    expect(j.questions[0]).toMatchObject({ kind: "multi_select", allowCustom: true });
    expect(j.expiresAt).not.toBeNull();
    await reviewer.reply(p.id, { answers: { answer: { selected: ["SQLite"], note: "embedded is enough" } } });
    await reviewer.reply(j.id, { answers: { answer: { selected: ["Tests", "Docs"], custom: "Benchmarks" } } });
    const [pr, jr] = await Promise.all([plain.run, json.run]);
    expect(pr).toMatchObject({ code: 0, stdout: "SQLite\n" });
    expect(pr.stderr).toContain(`${baseUrl}/inbox/${p.id}`);
    expect(pr.stderr).toContain("embedded is enough");
    expect(jr.code).toBe(0);
    expect(JSON.parse(jr.stdout)).toMatchObject({ id: j.id, status: "answered", answer: { selected: ["Tests", "Docs"], custom: "Benchmarks" } });
  });

  it("questions approve: runs the exact command when approved (its exit status), never when denied (exit 3)", async () => {
    const marker = (n: string) => path.join(scratch.dir, `ran-${n}`);
    const cmd = (n: string) => ["--", process.execPath, "-e", `require("fs").writeFileSync(${JSON.stringify(marker(n))}, "x"); process.exit(42)`];
    const yes = asking(["approve", ...cmd("yes")]);
    const no = asking(["approve", ...cmd("no")]);
    const [y, n] = await Promise.all([yes.pending(), no.pending()]);
    expect(y.questions[0]).toMatchObject({ kind: "approval", action: { tool: "Bash", input: { command: expect.stringContaining("process.exit(42)"), cwd: scratch.dir } }, allowEdit: false });
    expect(existsSync(marker("yes"))).toBe(false);
    await reviewer.reply(y.id, { answers: { approve: { decision: "approve" } } });
    await reviewer.reply(n.id, { answers: { approve: { decision: "deny", note: "not during the freeze" } } });
    const [yr, nr] = await Promise.all([yes.run, no.run]);
    expect(yr.code).toBe(42);
    expect(existsSync(marker("yes"))).toBe(true);
    expect(nr.code).toBe(3);
    expect(nr.stderr).toContain("not during the freeze");
    expect(existsSync(marker("no"))).toBe(false);
  });

  it("questions secret: prints the claimed value to stdout and nothing else", async () => {
    const value = `ghp_${uid()}${uid()}`;
    const s = asking(["secret", "Deploy key?"]);
    const req = await s.pending();
    expect(req.questions[0]).toMatchObject({ kind: "freeform", secret: true });
    await reviewer.reply(req.id, { answers: { answer: { text: value } } });
    const r = await s.run;
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(value);
    expect(r.stderr).not.toContain(value);
  });

  it("exit codes: rejected 3, wrong token 7, unreachable server 6, usage 2, each with a one-line message", async () => {
    const rejected = asking(["ask", "Ship it?"]);
    await reviewer.reject((await rejected.pending()).id, "ask again after the release");
    const port = await freePort();
    const [rej, badToken, unreachable, usage] = await Promise.all([
      rejected.run,
      questions(["ask", "Which?"], { QUESTIONS_TOKEN: "oqt_wrong" }),
      questions(["ask", "Which?"], { QUESTIONS_URL: `http://127.0.0.1:${port}` }),
      questions(["ask"]),
    ]);
    expect(rej).toMatchObject({ code: 3, stdout: "" });
    expect(rej.stderr).toMatch(/\nquestions: Rejected by token:reviewer: .*ask again after the release.*\n$/);
    expect(badToken).toMatchObject({ code: 7, stdout: "" });
    expect(badToken.stderr).toMatch(/^questions: .*refused QUESTIONS_TOKEN \(401\).*\n$/);
    expect(unreachable).toMatchObject({ code: 6, stdout: "" });
    expect(unreachable.stderr).toMatch(new RegExp(`^questions: Cannot reach http://127\\.0\\.0\\.1:${port}.*\\n$`));
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("@openoxide/questions-bridge, packed and installed", () => {
  it("questions-bridge runs from its bin with Codex installed beside it, and checks the server before starting a runtime", async () => {
    expect(existsSync(path.join(scratch.dir, "node_modules/@openai/codex/bin/codex.js"))).toBe(true);
    const bridge = (args: string[], env: Record<string, string>) => runProgram(scratch.bin("questions-bridge"), args, { cwd: scratch.dir, env });
    const [usage, badToken] = await Promise.all([bridge([], {}), bridge(["codex", "--", "hello"], { QUESTIONS_URL: baseUrl, QUESTIONS_TOKEN: "oqt_wrong" })]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("questions-bridge codex [--cwd DIR]");
    expect(badToken.code).not.toBe(0);
    expect(badToken.stderr).toMatch(/QUESTIONS_TOKEN was refused by .* \(401\)/);
  });
});
