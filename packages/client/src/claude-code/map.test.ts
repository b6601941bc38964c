import { describe, expect, it } from "vitest";
import type { Answer, QuestionRequest } from "../types.ts";
import { mapToolCall } from "./map.ts";

const blank: Answer = { selected: [], custom: null, text: null, note: null };

function settled(body: ReturnType<typeof mapToolCall>["body"], status: QuestionRequest["status"], response: QuestionRequest["response"]): QuestionRequest {
  return { id: "qr_1", status, response, questions: body.questions } as unknown as QuestionRequest;
}

const ask = {
  questions: [
    { question: "Which database?", header: "Database", multiSelect: false, options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite", description: "file" }] },
    { question: "Which extras?", header: "Extras", multiSelect: true, options: [{ label: "Tests", description: "t" }, { label: "Docs, guides", description: "d" }] },
  ],
};

describe("Claude Code's AskUserQuestion", () => {
  const mapped = mapToolCall({ toolName: "AskUserQuestion", input: ask, sessionId: "s1", cwd: "/w" });

  it("becomes an internal question request: multiSelect → multi_select, descriptions kept, Other allowed", () => {
    expect(mapped.body).toMatchObject({
      source: "internal",
      context: "Working directory: `/w`",
      agent: { name: "Claude Code", sessionId: "s1", cwd: "/w" },
      questions: [
        { id: "q1", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite", description: "file" }], allowCustom: true },
        { id: "q2", header: "Extras", kind: "multi_select", allowCustom: true },
      ],
    });
  });

  it("answers back keyed by question text: one label, several labels comma-joined (quoted where needed), notes as annotations", () => {
    const answers = { q1: { ...blank, selected: ["SQLite"], note: "small" }, q2: { ...blank, selected: ["Tests", "Docs, guides"] } };
    expect(mapped.decide(settled(mapped.body, "answered", { answers }))).toEqual({
      behavior: "allow",
      updatedInput: { ...ask, answers: { "Which database?": "SQLite", "Which extras?": 'Tests, "Docs, guides"' }, annotations: { "Which database?": { notes: "small" } } },
    });
  });

  it("Other text goes back as the answer; a skipped question is left out", () => {
    const answers = { q1: { ...blank, custom: "CockroachDB" }, q2: { ...blank, skipped: true } };
    expect(mapped.decide(settled(mapped.body, "answered", { answers }))).toEqual({ behavior: "allow", updatedInput: { ...ask, answers: { "Which database?": "CockroachDB" } } });
  });

  it("a reviewer's rejection is a deny; a withdrawn or expired request is no decision", () => {
    const rejection = { code: "reviewer_rejected" as const, message: "The reviewer declined to answer. Reason: no" };
    expect(mapped.decide(settled(mapped.body, "rejected", { rejection }))).toEqual({ behavior: "deny", message: rejection.message });
    expect(mapped.decide(settled(mapped.body, "cancelled", { rejection: { code: "cancelled", message: "x" } }))).toBeNull();
    expect(mapped.decide(settled(mapped.body, "expired", { rejection: { code: "expired", message: "x" } }))).toBeNull();
  });
});

describe("Claude Code's other tools", () => {
  const bash = { command: "npm test", description: "Run the tests" };
  const suggestions = [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm test" }], behavior: "allow", destination: "localSettings" }];
  const mapped = mapToolCall({ toolName: "Bash", input: bash, sessionId: "s1", suggestions });
  const decide = (answer: Partial<Answer>) => mapped.decide(settled(mapped.body, "answered", { answers: { approve: { ...blank, ...answer } } }));

  it("become an approval of the tool's input, offering approve always (in words) and edit", () => {
    expect(mapped.body.title).toBe("Claude Code wants to run: npm test");
    expect(mapped.body.questions[0]).toMatchObject({
      kind: "approval",
      prompt: "Claude Code wants to run a command: Run the tests",
      action: { tool: "Bash", input: bash, summary: '"Approve always" also allows, without asking again: `Bash(npm test)` in this project, for this user (.claude/settings.local.json).' },
      allowAlways: true,
      allowEdit: true,
    });
  });

  it("approve → allow; edited → allow with the edit; always → the suggested permission update; deny → the note", () => {
    expect(decide({ decision: "approve" })).toEqual({ behavior: "allow", updatedInput: bash });
    expect(decide({ decision: "approve", editedInput: { command: "npm run test:unit" } })).toEqual({ behavior: "allow", updatedInput: { command: "npm run test:unit" } });
    expect(decide({ decision: "approve_always" })).toEqual({ behavior: "allow", updatedInput: bash, updatedPermissions: suggestions });
    expect(decide({ decision: "deny", note: "Not on main" })).toEqual({ behavior: "deny", message: "Not on main" });
    expect(decide({ skipped: true })).toMatchObject({ behavior: "deny" });
  });

  it("without suggestions, approve always is a session rule for this call", () => {
    const m = mapToolCall({ toolName: "WebFetch", input: { url: "https://docs.example.com/a", prompt: "summary" } });
    const answers = { approve: { ...blank, decision: "approve_always" as const } };
    expect(m.decide(settled(m.body, "answered", { answers }))).toMatchObject({
      updatedPermissions: [{ type: "addRules", rules: [{ toolName: "WebFetch", ruleContent: "domain:docs.example.com" }], behavior: "allow", destination: "session" }],
    });
    const mcp = mapToolCall({ toolName: "mcp__github__create_issue", input: { title: "x" } });
    expect(mcp.body.questions[0]).toMatchObject({ header: "Call an MCP tool", action: { input: { title: "x" }, summary: expect.stringContaining("every use of the MCP tool create_issue (github)") } });
  });
});
