// Approvals (SPEC §6): who may ask for them, what an approval question carries, and the per-kind
// answer rules, against the real server through the typed client.
import { afterAll, describe, expect, inject, it } from "vitest";
import { parse } from "csv-parse/sync";
import type { CreateRequestInput, ReplyInput } from "@openoxide/questions-client";
import { closeDb, db } from "@/lib/db/client";
import { exportStream } from "@/lib/questions/history-export";
import { dbEnv } from "../helpers/server";
import { clients, uid } from "../helpers/clients";

const { agent, reviewer } = clients();
Object.assign(process.env, dbEnv(inject("dataDir")));
afterAll(() => closeDb());

type Q = CreateRequestInput["questions"][number];
const approval = (over: Partial<Q> = {}): Q => ({
  id: "run",
  header: "Run command",
  prompt: "Allow this command?",
  kind: "approval",
  action: { tool: "bash", input: { command: "npm test" }, summary: "Runs the **test suite**." },
  ...over,
});
const select: Q = { id: "db", header: "Database", prompt: "Which one?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] };
const request = (questions: Q[], over: Partial<CreateRequestInput> = {}): CreateRequestInput => ({
  source: "internal",
  title: `Approval ${uid()}`,
  agent: { name: "approvals-test", sessionId: `s-${uid()}` },
  questions,
  ...over,
});

type Failure = { status: number; problem: { type: string; errors?: { path: string }[] } };
async function outcome<T>(p: Promise<T>): Promise<{ status: number; paths: string[]; value?: T }> {
  return p.then(
    (value) => ({ status: 200, paths: [], value }),
    (e: Failure) => ({ status: e.status, paths: e.problem.errors?.map((x) => x.path) ?? [] }),
  );
}

const big = { blob: "x".repeat(64 * 1024) };

describe("creating approvals", () => {
  type Case = [string, CreateRequestInput, number, string?];
  const cases: Case[] = [
    ["internal approval", request([approval()]), 201],
    ["model_tool approval", request([approval()], { source: "model_tool" }), 422, "questions[0].kind"],
    ["without action", request([approval({ action: undefined })]), 422, "questions[0].action"],
    ["with options", request([approval({ options: [{ label: "a" }] })]), 422, "questions[0].options"],
    ["with allowCustom", request([approval({ allowCustom: true })]), 422, "questions[0].allowCustom"],
    ["secret", request([approval({ secret: true })]), 422, "questions[0].secret"],
    ["tool over 100 chars", request([approval({ action: { tool: "t".repeat(101), input: {} } })]), 422, "questions[0].action.tool"],
    ["input over 64 KiB", request([approval({ action: { tool: "bash", input: big } })]), 422, "questions[0].action.input"],
    ["input missing", request([approval({ action: { tool: "bash" } as never })]), 422, "questions[0].action.input"],
    ["summary over 2000 chars", request([approval({ action: { tool: "bash", input: 1, summary: "s".repeat(2001) } })]), 422, "questions[0].action.summary"],
    ["allowEdit on a select", request([{ ...select, allowEdit: true }]), 422, "questions[0].allowEdit"],
    ["action on freeform", request([{ id: "f", header: "F", prompt: "p", kind: "freeform", action: { tool: "x", input: 1 } }]), 422, "questions[0].action"],
  ];
  it.each(cases)("%s", async (_name, body, status, path) => {
    const result = await outcome(agent.create(body));
    expect(result.status === 200 ? 201 : result.status).toBe(status);
    if (path) expect(result.paths).toContain(path);
  });

  it("normalises the question: defaults, input kept as sent, no options", async () => {
    const input = { command: "rm -rf build", env: { CI: "1" }, list: [1, null, true] };
    const r = await agent.create(request([approval({ action: { tool: "bash", input } })]));
    expect(r.questions[0]).toEqual({
      id: "run",
      header: "Run command",
      prompt: "Allow this command?",
      kind: "approval",
      options: [],
      allowCustom: false,
      secret: false,
      action: { tool: "bash", input },
      allowAlways: false,
      allowEdit: false,
    });
    expect((await agent.get(r.id)).questions[0].action?.input).toEqual(input);
  });
});

describe("answering approvals", () => {
  const flags = { allowAlways: true, allowEdit: true };
  type Case = [string, Partial<Q>, ReplyInput["answers"][string], number, string?];
  const cases: Case[] = [
    ["approve", {}, { decision: "approve" }, 200],
    ["deny with a note", {}, { decision: "deny", note: "not on main" }, 200],
    ["no decision", {}, { note: "hm" }, 422, "answers.run.decision"],
    ["unknown decision", {}, { decision: "maybe" as never }, 422, "answers.run.decision"],
    ["approve_always where not offered", {}, { decision: "approve_always" }, 422, "answers.run.decision"],
    ["approve_always where offered", flags, { decision: "approve_always" }, 200],
    ["editedInput where editing is not allowed", { allowAlways: true }, { decision: "approve", editedInput: { command: "ls" } }, 422, "answers.run.editedInput"],
    ["editedInput with deny", flags, { decision: "deny", editedInput: { command: "ls" } }, 422, "answers.run.editedInput"],
    ["editedInput over 64 KiB", flags, { decision: "approve", editedInput: big }, 422, "answers.run.editedInput"],
    ["editedInput with approve_always", flags, { decision: "approve_always", editedInput: { command: "ls" } }, 200],
    ["selected on an approval", {}, { decision: "approve", selected: ["yes"] }, 422, "answers.run.selected"],
    ["text on an approval", {}, { decision: "approve", text: "yes" }, 422, "answers.run.text"],
  ];
  it.each(cases)("%s", async (_name, over, answer, status, path) => {
    const r = await agent.create(request([approval(over)]));
    const result = await outcome(reviewer.reply(r.id, { answers: { run: answer } }));
    expect(result.status).toBe(status);
    if (path) expect(result.paths).toContain(path);
    // A refused answer changes nothing.
    if (status !== 200) expect(await agent.get(r.id)).toMatchObject({ status: "pending", version: r.version });
  });

  it("refuses a decision or edited input on other kinds", async () => {
    const r = await agent.create(request([select, approval()]));
    const result = await outcome(
      reviewer.reply(r.id, { answers: { db: { selected: ["SQLite"], decision: "approve", editedInput: 1 }, run: { decision: "approve" } } }),
    );
    expect(result.status).toBe(422);
    expect(result.paths).toEqual(expect.arrayContaining(["answers.db.decision", "answers.db.editedInput"]));
  });

  it("hands the agent the decision, the note and the edited input; an unchanged edit is no edit", async () => {
    const r = await agent.create(
      request([
        approval({ id: "edit", allowEdit: true, action: { tool: "bash", input: { command: "rm -rf /", cwd: "/" } } }),
        approval({ id: "same", allowEdit: true }),
        approval({ id: "null", allowEdit: true }),
      ]),
    );
    await reviewer.reply(r.id, {
      answers: {
        edit: { decision: "approve", editedInput: { command: "rm -rf ./build", cwd: "/" }, note: "narrowed it" },
        same: { decision: "approve", editedInput: { command: "npm test" } },
        null: { decision: "approve", editedInput: null },
      },
    });
    const done = await agent.get(r.id);
    expect(done.status).toBe("answered");
    const answers = done.response && "answers" in done.response ? done.response.answers : {};
    expect(answers.edit).toEqual({ selected: [], custom: null, text: null, note: "narrowed it", decision: "approve", editedInput: { command: "rm -rf ./build", cwd: "/" } });
    expect(answers.same).toEqual({ selected: [], custom: null, text: null, note: null, decision: "approve" });
    expect(answers.null).toEqual({ selected: [], custom: null, text: null, note: null, decision: "approve" });
    // The original stays on the question, beside the edit.
    expect(done.questions[0].action?.input).toEqual({ command: "rm -rf /", cwd: "/" });
  });

  it("a request mixing questions and approvals round-trips; a skipped approval counts as not approved", async () => {
    const r = await agent.create(request([select, approval(), approval({ id: "push", header: "Push", action: { tool: "git", input: "git push" } })]));
    const waiting = agent.wait(r.id, { timeoutMs: 20_000 });
    const missing = await outcome(reviewer.reply(r.id, { answers: { db: { selected: ["SQLite"] }, run: { decision: "approve" } } }));
    expect(missing).toMatchObject({ status: 422, paths: ["answers.push"] });
    await reviewer.reply(r.id, { answers: { db: { selected: ["SQLite"] }, run: { decision: "approve", note: "ok" } }, confirmUnanswered: true });
    const done = await waiting;
    expect(done.status).toBe("answered");
    const answers = done.response && "answers" in done.response ? done.response.answers : {};
    expect(answers.db).toEqual({ selected: ["SQLite"], custom: null, text: null, note: null });
    expect(answers.run).toMatchObject({ decision: "approve", note: "ok" });
    expect(answers.push).toEqual({ selected: [], custom: null, text: null, note: null, skipped: true, decision: "deny" });
  });
});

describe("exporting approvals", () => {
  it("CSV and JSON carry the decision, the reviewer, the original input and the edit", async () => {
    const name = `approvals-export-${uid()}`;
    const original = { command: "rm -rf /tmp/x", cwd: "/srv" };
    const r = await agent.create(
      request([select, approval({ allowEdit: true, action: { tool: "bash", input: original } }), approval({ id: "push", header: "Push" })], { agent: { name } }),
    );
    await reviewer.reply(r.id, {
      answers: { db: { selected: ["SQLite"] }, run: { decision: "approve", editedInput: { command: "rm -rf /tmp/x/cache", cwd: "/srv" }, note: "narrower" }, push: { decision: "deny", note: "not yet" } },
    });
    const teamId = (await db().team.findUniqueOrThrow({ where: { slug: "default" } })).id;
    const csv = await new Response(exportStream({ teamIds: [teamId], filters: { agent: name }, format: "csv" })).text();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => [x.question_id, x.kind, x.decision])).toEqual([
      ["db", "single_select", ""],
      ["run", "approval", "approve"],
      ["push", "approval", "deny"],
    ]);
    const run = rows[1]!;
    expect(run).toMatchObject({ action_tool: "bash", note: "narrower", resolved_by: "token:reviewer" });
    expect(JSON.parse(run.action_input!)).toEqual(original);
    expect(JSON.parse(run.edited_input!)).toEqual({ command: "rm -rf /tmp/x/cache", cwd: "/srv" });
    expect(rows[2]).toMatchObject({ edited_input: "", note: "not yet" });

    const json = await new Response(exportStream({ teamIds: [teamId], filters: { agent: name }, format: "json" })).text();
    const [view] = JSON.parse(json) as { questions: { action?: unknown }[]; resolvedBy: string; response: { answers: Record<string, { decision?: string; editedInput?: unknown }> } }[];
    expect(view!.resolvedBy).toBe("token:reviewer");
    expect(view!.questions[1]!.action).toEqual({ tool: "bash", input: original });
    expect(view!.response.answers.run).toMatchObject({ decision: "approve", editedInput: { command: "rm -rf /tmp/x/cache", cwd: "/srv" } });
  });
});
