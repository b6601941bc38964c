import { describe, expect, it } from "vitest";
import { checkBlocks } from "../../tests/helpers/slack-standin";
import type { Question, QuestionRequest } from "../questions/schemas";
import { slackBody } from "../notify/payload";
import { answerModal, denyModal, pendingMessage, resolvedMessage } from "./blocks";

const long = (n: number, c = "x") => c.repeat(n);
const q = (i: number, over: Partial<Question> = {}): Question => ({
  id: `q${i}`,
  header: long(24, "H"),
  prompt: `${long(1990, "p")} <!here> & <http://evil|x>`,
  kind: "single_select",
  options: Array.from({ length: 50 }, (_, j) => ({ label: `${long(95, "o")}${j}` })),
  allowCustom: true,
  secret: false,
  ...over,
});
const request = (questions: Question[], over: Partial<QuestionRequest> = {}): QuestionRequest =>
  ({
    id: "qr_1",
    status: "pending",
    source: "internal",
    mode: "interactive",
    title: long(200, "T"),
    context: long(64_000, "c"),
    agent: { name: long(100, "a"), sessionId: null, turnId: null, toolCallId: null, parentRequestId: null },
    questions,
    createdAt: "2026-12-03T00:00:00.000Z",
    expiresAt: null,
    resolvedAt: null,
    resolvedBy: null,
    response: null,
    version: 1,
    ...over,
  }) as QuestionRequest;

const modalBlocks = (v: Record<string, unknown>) => v.blocks;

describe("Slack messages and modals stay within Block Kit's limits", () => {
  it("holds for the largest request the API accepts (20 questions of 50 long options, long texts)", () => {
    const kinds: Question["kind"][] = ["single_select", "multi_select", "freeform"];
    const r = request(Array.from({ length: 20 }, (_, i) => q(i, { kind: kinds[i % 3]!, ...(kinds[i % 3] === "freeform" ? { options: [], allowCustom: false } : {}) })));
    const msg = pendingMessage(r, false);
    expect(checkBlocks(msg.blocks, 50)).toEqual([]);
    expect(msg.text.length).toBeLessThanOrEqual(3000);
    expect(checkBlocks(modalBlocks(answerModal(r, false)), 100)).toEqual([]);
    const answered = request(r.questions, {
      status: "answered",
      resolvedBy: "a@example.test",
      response: { answers: Object.fromEntries(r.questions.map((x) => [x.id, { selected: [x.options[0]?.label ?? ""], custom: long(2000), text: long(20_000), note: long(2000) }])) },
    });
    expect(checkBlocks(resolvedMessage(answered).blocks, 50)).toEqual([]);
  });

  it("one question: buttons for few options, a select for more, checkboxes up to ten; every agent string escaped", () => {
    const few = pendingMessage(request([q(0, { options: [{ label: "<!channel>" }, { label: "b" }] })]), false);
    expect(checkBlocks(few.blocks, 50)).toEqual([]);
    expect(JSON.stringify(few)).not.toMatch(/<!|<http/);
    const many = pendingMessage(request([q(0)]), false);
    expect(JSON.stringify(many)).toContain('"static_select"');
    const multi = pendingMessage(request([q(0, { kind: "multi_select" })]), false);
    expect(JSON.stringify(multi)).toContain('"multi_static_select"');
    expect(checkBlocks(multi.blocks, 50)).toEqual([]);
  });

  it("a secret question offers no input anywhere; approvals kept in the app offer none either", () => {
    const secret = pendingMessage(request([q(0, { kind: "freeform", secret: true, options: [], allowCustom: false })]), false);
    expect(JSON.stringify(secret)).not.toMatch(/"action_id":"(answer|opt_|select|checks|submit)/);
    const approval = q(0, { kind: "approval", options: [], allowCustom: false, action: { tool: "bash", input: { command: long(70_000) } }, allowAlways: true });
    const inApp = pendingMessage(request([approval]), true);
    expect(JSON.stringify(inApp)).not.toMatch(/"action_id":"(approve|deny)/);
    const inSlack = pendingMessage(request([approval]), false);
    expect(checkBlocks(inSlack.blocks, 50)).toEqual([]);
    expect(checkBlocks(modalBlocks(denyModal(request([approval]), "q0")), 100)).toEqual([]);
  });
});

describe("the incoming webhook (format: slack)", () => {
  it("posts the request once, and at resolution one short message of who decided what, never a secret", () => {
    const questions = [q(0, { options: [{ label: "PostgreSQL" }, { label: "SQLite" }], allowCustom: false }), q(1, { kind: "freeform", secret: true, options: [], allowCustom: false })];
    const created = JSON.parse(slackBody({ id: "dl_1", type: "request.created", createdAt: "", request: request(questions) })) as { blocks: unknown[] };
    expect(JSON.stringify(created)).toContain("PostgreSQL");
    const answered = request(questions, {
      status: "answered",
      resolvedBy: "alice@example.test",
      resolvedAt: "2026-12-03T00:01:00.000Z",
      response: { answers: { q0: { selected: ["SQLite"], custom: null, text: null, note: "cheaper" }, q1: { selected: [], custom: null, text: null, note: null, secret: { provided: true, claimedAt: null, purgedAt: null } } } },
    });
    const text = slackBody({ id: "dl_2", type: "request.answered", createdAt: "", request: answered });
    expect(text).toContain("by alice@example.test");
    expect(text).toContain(": SQLite");
    expect(text).toContain("cheaper");
    expect(text).toContain("secret, given in the app");
    expect(text).not.toContain("pppp"); // the prompts are not repeated
    expect(checkBlocks((JSON.parse(text) as { blocks: unknown[] }).blocks, 50)).toEqual([]);
  });
});
