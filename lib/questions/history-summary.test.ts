import { describe, expect, it } from "vitest";
import { rejection } from "@/lib/questions/messages";
import type { Question, QuestionRequest } from "@/lib/questions/schemas";
import { answerSummary, outcomeSummary } from "./history-summary";

const q = (id: string, kind: Question["kind"], extra: Partial<Question> = {}): Question => ({
  id,
  header: id.toUpperCase(),
  prompt: `${id}?`,
  kind,
  options: kind === "freeform" ? [] : [{ label: "A" }, { label: "B" }],
  allowCustom: true,
  secret: false,
  ...extra,
});
const none = { selected: [], custom: null, text: null, note: null };

describe("answerSummary", () => {
  it("names each decision: options, Other, free text, notes, skipped, secrets by metadata only", () => {
    const r: Pick<QuestionRequest, "questions" | "response"> = {
      questions: [q("one", "single_select"), q("many", "multi_select"), q("free", "freeform"), q("key", "freeform", { secret: true }), q("skip", "single_select")],
      response: {
        answers: {
          one: { ...none, custom: "ap-south", note: "closest" },
          many: { ...none, selected: ["A", "B"] },
          free: { ...none, text: `ship it\n${"x".repeat(80)}` },
          key: { ...none, note: "rotate", secret: { provided: true, claimedAt: null, purgedAt: null } },
          skip: { ...none, skipped: true },
        },
      },
    };
    expect(answerSummary(r)).toEqual([
      { header: "ONE", value: "Other “ap-south” (note: “closest”)" },
      { header: "MANY", value: "A, B" },
      { header: "FREE", value: `“ship it ${"x".repeat(51)}…”` },
      { header: "KEY", value: "secret provided" },
      { header: "SKIP", value: "skipped" },
    ]);
  });

  it("gives an approval's decision and says when its input was edited", () => {
    const action = { tool: "bash", input: { command: "ls" } };
    const appr = (id: string): Question => ({ ...q(id, "approval"), options: [], allowCustom: false, action });
    const r: Pick<QuestionRequest, "questions" | "response"> = {
      questions: [appr("a"), appr("b"), appr("c")],
      response: {
        answers: {
          a: { ...none, decision: "approve", editedInput: { command: "ls -la" } },
          b: { ...none, decision: "deny", note: "no" },
          c: { ...none, skipped: true, decision: "deny" },
        },
      },
    };
    expect(answerSummary(r).map((p) => p.value)).toEqual(["Approved, input edited", "Denied (note: “no”)", "skipped"]);
  });

  it("is empty for a request that was not answered", () => {
    expect(answerSummary({ questions: [q("one", "single_select")], response: { rejection: rejection("expired") } })).toEqual([]);
  });
});

describe("outcomeSummary", () => {
  it("gives the person's reason, or says how it ended", () => {
    expect(outcomeSummary({ response: { rejection: rejection("reviewer_rejected", "Out of scope") } })).toBe("Declined: “Out of scope”");
    expect(outcomeSummary({ response: { rejection: rejection("cancelled", "user typed it") } })).toBe("Withdrawn by the agent: “user typed it”");
    expect(outcomeSummary({ response: { rejection: rejection("cancelled") } })).toBe("Withdrawn by the agent.");
    expect(outcomeSummary({ response: { rejection: rejection("expired") } })).toBe("No one answered in time.");
    expect(outcomeSummary({ response: { rejection: rejection("policy_denied") } })).toMatch(/denied by policy/);
    expect(outcomeSummary({ response: null })).toBeNull();
  });
});
