import { describe, expect, it } from "vitest";
import { questionFingerprint, requestFingerprint } from "./fingerprint";

const q = { header: "Database", prompt: "Which database?", kind: "single_select" as const, options: [{ label: "SQLite" }, { label: "PostgreSQL" }] };

describe("fingerprint", () => {
  it("ignores whitespace, case and option order", () => {
    const same = { ...q, prompt: "  which   DATABASE? ", options: [{ label: "postgresql" }, { label: "sqlite" }] };
    expect(questionFingerprint(same)).toBe(questionFingerprint(q));
  });
  it("changes with the prompt, the kind, an option or the tool", () => {
    const base = questionFingerprint(q);
    expect(questionFingerprint({ ...q, prompt: "Which cache?" })).not.toBe(base);
    expect(questionFingerprint({ ...q, kind: "multi_select" })).not.toBe(base);
    expect(questionFingerprint({ ...q, options: [{ label: "SQLite" }] })).not.toBe(base);
    const a = { header: "Run", prompt: "Run?", kind: "approval" as const, options: [] };
    expect(questionFingerprint({ ...a, action: { tool: "bash" } })).not.toBe(questionFingerprint({ ...a, action: { tool: "edit" } }));
  });
  it("a request's fingerprint follows its questions in order", () => {
    const other = { ...q, header: "Cache", prompt: "Which cache?" };
    expect(requestFingerprint([q, other])).not.toBe(requestFingerprint([other, q]));
    expect(requestFingerprint([q])).toHaveLength(32);
  });
});
