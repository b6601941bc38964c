import { describe, expect, it } from "vitest";
import type { QuestionRequest } from "../questions/schemas";
import { pendingResult, requestResult } from "./result";

function request(overrides: Partial<QuestionRequest>): QuestionRequest {
  return {
    id: "qr_1",
    status: "pending",
    source: "model_tool",
    mode: "interactive",
    title: null,
    context: null,
    agent: { name: "a", sessionId: null, turnId: null, toolCallId: null, parentRequestId: null },
    questions: [
      { id: "db", header: "Database", prompt: "Which?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }], allowCustom: true, secret: false },
      { id: "langs", header: "Languages", prompt: "Which?", kind: "multi_select", options: [{ label: "TS" }, { label: "Rust" }], allowCustom: true, secret: false },
      { id: "name", header: "Name", prompt: "Name?", kind: "freeform", options: [], allowCustom: false, secret: false },
    ],
    createdAt: "2026-12-02T00:00:00.000Z",
    expiresAt: null,
    resolvedAt: null,
    resolvedBy: null,
    response: null,
    version: 1,
    ...overrides,
  };
}

const blank = { selected: [], custom: null, text: null, note: null };

describe("MCP tool results", () => {
  it("answers: typed structuredContent and one text block in words", () => {
    const answers = {
      db: { ...blank, custom: "CockroachDB", note: "needs multi-region" },
      langs: { ...blank, selected: ["TS", "Rust"] },
      name: { ...blank, skipped: true },
    };
    const result = requestResult(request({ status: "answered", response: { answers } }));
    expect(result.structuredContent).toEqual({ requestId: "qr_1", status: "answered", answers });
    expect(result.content).toEqual([
      {
        type: "text",
        text: [
          "The human answered:",
          '- Database (db): Other: "CockroachDB". Note: "needs multi-region"',
          "- Languages (langs): TS, Rust",
          "- Name (name): not answered (the human skipped it)",
        ].join("\n"),
      },
    ]);
  });

  it("a rejection: its code in structuredContent, its message as the text", () => {
    const rejection = { code: "expired" as const, message: "No human answered before the question expired." };
    const result = requestResult(request({ status: "expired", response: { rejection } }));
    expect(result.structuredContent).toEqual({ requestId: "qr_1", status: "expired", rejection });
    expect(result.content).toEqual([{ type: "text", text: rejection.message }]);
  });

  it("pending: tells the model to call get_answer with the requestId", () => {
    for (const result of [requestResult(request({})), pendingResult("qr_1")]) {
      expect(result.structuredContent).toEqual({ requestId: "qr_1", status: "pending" });
      expect(result.content[0]!.text).toContain('get_answer with {"requestId": "qr_1"}');
      expect(result.isError).toBeUndefined();
    }
  });

  it("never puts a secret value in the text", () => {
    const answers = { name: { ...blank, secret: { provided: true as const, claimedAt: null, purgedAt: null } } };
    const result = requestResult(request({ status: "answered", questions: [{ ...request({}).questions[2]!, secret: true }], response: { answers } }));
    expect(result.content[0]!.text).toBe("The human answered:\n- Name (name): a secret was provided (not shown here)");
  });
});
