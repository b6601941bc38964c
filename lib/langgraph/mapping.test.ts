import { describe, expect, it } from "vitest";
import { buildQuestions } from "../questions/constructors";
import { CreateRequestSchema, type Answer } from "../questions/schemas";
import { LEAVE, toRequest, toResume } from "./mapping";

const where = { url: "http://lg.test", graph: "agent", threadId: "t-1" };
const answer = (a: Partial<Answer>): Answer => ({ selected: [], custom: null, text: null, note: null, ...a });
const answered = (answers: Record<string, Answer>) => ({ status: "answered" as const, response: { answers } });
const rejected = { status: "rejected" as const, response: { rejection: { code: "reviewer_rejected" as const, message: "Rejected: wrong branch." } } };

/** Every request the mapping makes must pass the create schema and the internal constructor. */
function valid(value: unknown) {
  const { body, shape } = toRequest(value, where);
  const parsed = CreateRequestSchema.parse(body);
  buildQuestions(parsed.source, parsed.questions);
  return { body: parsed, shape };
}

describe("LangChain v1 human-in-the-loop", () => {
  const hitl = {
    actionRequests: [
      { name: "bash", args: { command: "make deploy" }, description: "Deploy" },
      { name: "write_file", args: { path: "a.txt" } },
    ],
    reviewConfigs: [
      { actionName: "bash", allowedDecisions: ["approve", "reject"] },
      { actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"] },
    ],
  };

  it("one approval per action, editable only where edit is allowed, titled by the command", () => {
    const { body } = valid(hitl);
    expect(body.title).toBe("make deploy");
    expect(body.agent).toEqual({ name: "agent", sessionId: "t-1" });
    expect(body.questions.map((q) => [q.id, q.kind, q.allowEdit, q.action?.tool])).toEqual([
      ["action1", "approval", false, "bash"],
      ["action2", "approval", true, "write_file"],
    ]);
  });

  it("decisions go back in order, edits as editedAction, a denial as reject with the note", () => {
    const { shape } = valid(hitl);
    const resume = toResume(shape, answered({ action1: answer({ decision: "deny", note: "no" }), action2: answer({ decision: "approve", editedInput: { path: "b.txt" } }) }));
    expect(resume).toEqual({ decisions: [{ type: "reject", message: "no" }, { type: "edit", editedAction: { name: "write_file", args: { path: "b.txt" } } }] });
  });

  it("the Python spelling comes back in the Python spelling", () => {
    const { shape } = valid({ action_requests: [{ name: "x", args: {} }], review_configs: [{ action_name: "x", allowed_decisions: ["approve", "edit"] }] });
    expect(toResume(shape, answered({ action1: answer({ decision: "approve", editedInput: { a: 1 } }) }))).toEqual({ decisions: [{ type: "edit", edited_action: { name: "x", args: { a: 1 } } }] });
  });

  it("a rejected request rejects every action with the message; where reject is not allowed the thread is left", () => {
    const { shape } = valid(hitl);
    expect(toResume(shape, rejected)).toEqual({ decisions: [{ type: "reject", message: "Rejected: wrong branch." }, { type: "reject", message: "Rejected: wrong branch." }] });
    const noReject = valid({ actionRequests: [{ name: "x", args: {} }], reviewConfigs: [{ actionName: "x", allowedDecisions: ["approve"] }] });
    expect(toResume(noReject.shape, rejected)).toBe(LEAVE);
    expect(noReject.body.context).toContain("accepts no rejection");
  });
});

describe("Agent Inbox HumanInterrupt", () => {
  const item = { action_request: { action: "send_email", args: { to: "a@b.c" } }, config: { allow_accept: true, allow_edit: false, allow_respond: true, allow_ignore: true }, description: "Send it?" };

  it("approval plus a respond question; the answer keeps the list wrapping", () => {
    const { body, shape } = valid([item]);
    expect(body.questions.map((q) => q.kind)).toEqual(["approval", "freeform"]);
    expect(toResume(shape, answered({ action: answer({ decision: "approve" }), respond: answer({ skipped: true }) }))).toEqual([{ type: "accept", args: null }]);
    expect(toResume(shape, answered({ respond: answer({ text: "later" }) }))).toEqual([{ type: "response", args: "later" }]);
    expect(toResume(shape, answered({ action: answer({ decision: "deny" }) }))).toEqual([{ type: "ignore", args: null }]);
  });

  it("respond only: a single freeform question; unwrapped stays unwrapped", () => {
    const { body, shape } = valid({ ...item, config: { allow_respond: true } });
    expect(body.questions.map((q) => q.kind)).toEqual(["freeform"]);
    expect(toResume(shape, answered({ respond: answer({ text: "ok" }) }))).toEqual({ type: "response", args: "ok" });
  });
});

describe("any other value", () => {
  it("asks in words and sends text, or JSON when it parses", () => {
    const { body, shape } = valid({ question: "Name?" });
    expect(body.questions[0]).toMatchObject({ kind: "freeform", prompt: "Name?" });
    expect(toResume(shape, answered({ answer: answer({ text: "Aurora" }) }))).toBe("Aurora");
    expect(toResume(shape, answered({ answer: answer({ text: '{"n":1}' }) }))).toEqual({ n: 1 });
    expect(toResume(shape, rejected)).toBe(LEAVE);
  });

  it("a huge or odd value still makes a valid request", () => {
    valid("x".repeat(10_000));
    valid(null);
    valid([1, 2, 3]);
    valid({ actionRequests: [] });
  });
});
