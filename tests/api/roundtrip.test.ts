// Ask → wait → answer → typed answer, for every question kind, through the typed client.
import { describe, expect, it } from "vitest";
import { clients, uid } from "../helpers/clients";

const { agent, reviewer } = clients();

describe("round trip", () => {
  it("returns typed answers for single, multi (with Other), freeform and notes", async () => {
    const created = await agent.create({
      source: "internal",
      title: `Setup ${uid()}`,
      context: "We are **setting up** the project.",
      agent: { name: "roundtrip", sessionId: uid(), turnId: "t1", toolCallId: "c1" },
      questions: [
        { id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] },
        { id: "langs", header: "Languages", prompt: "Which languages?", kind: "multi_select", options: [{ label: "TypeScript" }, { label: "Rust" }, { label: "Go" }], allowCustom: true },
        { id: "name", header: "Name", prompt: "Project name?", kind: "freeform" },
      ],
    });
    expect(created.status).toBe("pending");
    expect(created.response).toBeNull();
    expect(created.version).toBe(1);
    expect(created.id).toMatch(/^qr_/);

    const waiting = agent.wait(created.id, { timeoutMs: 20_000 });
    const answered = await reviewer.reply(created.id, {
      answers: {
        db: { selected: ["SQLite"], note: "embedded is enough" },
        langs: { selected: ["TypeScript", "Rust"], custom: "Zig" },
        name: { text: "oxide" },
      },
    });
    expect(answered.status).toBe("answered");
    const result = await waiting;
    expect(result.status).toBe("answered");
    expect(result.version).toBe(2);
    expect(result.resolvedBy).toBe("token:reviewer");
    expect(result.response).toEqual({
      answers: {
        db: { selected: ["SQLite"], custom: null, text: null, note: "embedded is enough" },
        langs: { selected: ["TypeScript", "Rust"], custom: "Zig", text: null, note: null },
        name: { selected: [], custom: null, text: "oxide", note: null },
      },
    });
  });

  it("model_tool single-select always allows Other", async () => {
    const created = await agent.create({
      agent: { name: "roundtrip" },
      questions: [{ id: "q", header: "Style", prompt: "Tabs or spaces?", kind: "single_select", options: [{ label: "Tabs" }, { label: "Spaces" }] }],
    });
    expect(created.source).toBe("model_tool");
    expect(created.questions[0]!.allowCustom).toBe(true);
    const done = await reviewer.reply(created.id, { answers: { q: { custom: "Whatever the formatter says" } } });
    expect(done.response).toEqual({ answers: { q: { selected: [], custom: "Whatever the formatter says", text: null, note: null } } });
  });

  it("records unanswered questions as skipped only with confirmUnanswered", async () => {
    const created = await agent.create({
      agent: { name: "roundtrip" },
      questions: [
        { id: "a", header: "A", prompt: "First?", kind: "single_select", options: [{ label: "x" }, { label: "y" }] },
        { id: "b", header: "B", prompt: "Second?", kind: "freeform" },
      ],
    });
    await expect(reviewer.reply(created.id, { answers: { a: { selected: ["x"] } } })).rejects.toMatchObject({
      status: 422,
      problem: { errors: [{ path: "answers.b" }] },
    });
    const done = await reviewer.reply(created.id, { answers: { a: { selected: ["x"] } }, confirmUnanswered: true });
    expect(done.response).toMatchObject({ answers: { b: { skipped: true } } });
  });

  it("rejects with a reason the model can read", async () => {
    const created = await agent.create({
      agent: { name: "roundtrip" },
      questions: [{ id: "q", header: "Deploy", prompt: "Deploy now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }],
    });
    const waiting = agent.wait(created.id, { timeoutMs: 20_000 });
    await reviewer.reject(created.id, "Ask the release manager instead");
    const result = await waiting;
    expect(result.status).toBe("rejected");
    expect(result.response).toEqual({
      rejection: { code: "reviewer_rejected", message: expect.stringContaining("Ask the release manager instead") },
    });
  });
});

describe("answer validation per kind", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["label not an option", { selected: ["MySQL"] }, "answers.q.selected[0]"],
    ["two options on single-select", { selected: ["Tabs", "Spaces"] }, "answers.q.selected"],
    ["option and custom on single-select", { selected: ["Tabs"], custom: "both" }, "answers.q.selected"],
    ["nothing on single-select", { selected: [] }, "answers.q.selected"],
    ["text on a select question", { text: "Tabs" }, "answers.q.text"],
  ];
  it.each(cases)("422 for %s", async (_name, answer, path) => {
    const created = await agent.create({
      agent: { name: "validation" },
      questions: [{ id: "q", header: "Style", prompt: "Tabs or spaces?", kind: "single_select", options: [{ label: "Tabs" }, { label: "Spaces" }] }],
    });
    const err = await reviewer.reply(created.id, { answers: { q: answer } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, problem: { type: "/problems/validation" } });
    expect((err as { problem: { errors: { path: string }[] } }).problem.errors.map((e) => e.path)).toContain(path);
    expect((await agent.get(created.id)).status).toBe("pending");
  });

  it("refuses Other where allowCustom is false (internal)", async () => {
    const created = await agent.create({
      source: "internal",
      agent: { name: "validation" },
      questions: [{ id: "q", header: "Install", prompt: "Install deps?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }],
    });
    await expect(reviewer.reply(created.id, { answers: { q: { custom: "later" } } })).rejects.toMatchObject({
      status: 422,
      problem: { errors: [{ path: "answers.q.custom" }] },
    });
  });

  it("multi-select needs at least one choice and only known labels", async () => {
    const created = await agent.create({
      agent: { name: "validation" },
      questions: [{ id: "m", header: "Pick", prompt: "Pick some", kind: "multi_select", options: [{ label: "a" }, { label: "b" }] }],
    });
    await expect(reviewer.reply(created.id, { answers: { m: { selected: [] } } })).rejects.toMatchObject({ status: 422 });
    await expect(reviewer.reply(created.id, { answers: { m: { selected: ["a", "c"] } } })).rejects.toMatchObject({ status: 422 });
    const done = await reviewer.reply(created.id, { answers: { m: { selected: ["a", "b"], note: "both" } } });
    expect(done.response).toEqual({ answers: { m: { selected: ["a", "b"], custom: null, text: null, note: "both" } } });
  });
});
