import { describe, expect, it } from "vitest";
import type { Question } from "@/lib/questions/schemas";
import { emptyDraft, isAnswered, pick, setCustom, summary, toReply, unanswered } from "./draft";

const single: Question = { id: "db", header: "DB", prompt: "?", kind: "single_select", options: [{ label: "A" }, { label: "B" }], allowCustom: true, secret: false };
const multi: Question = { id: "m", header: "M", prompt: "?", kind: "multi_select", options: [{ label: "X" }, { label: "Y" }, { label: "Z" }], allowCustom: false, secret: false };
const free: Question = { id: "f", header: "F", prompt: "?", kind: "freeform", options: [], allowCustom: false, secret: false };
const secret: Question = { ...free, id: "s", secret: true };

describe("answer drafts", () => {
  it("single select: an option clears Other and Other clears the option", () => {
    const d = pick(single, setCustom(single, emptyDraft(), "C"), "A");
    expect(d).toMatchObject({ selected: ["A"], custom: "" });
    expect(setCustom(single, d, "C")).toMatchObject({ selected: [], custom: "C" });
    expect(setCustom(single, d, "  ")).toMatchObject({ selected: ["A"] });
  });

  it("multi select toggles and keeps the question's order", () => {
    let d = pick(multi, emptyDraft(), "Z");
    d = pick(multi, d, "X");
    expect(d.selected).toEqual(["X", "Z"]);
    expect(pick(multi, d, "Z").selected).toEqual(["X"]);
  });

  it("answered: freeform needs text; selects need an option or (if allowed) Other", () => {
    expect(isAnswered(free, { ...emptyDraft(), text: "  " })).toBe(false);
    expect(isAnswered(single, { ...emptyDraft(), custom: "C" })).toBe(true);
    expect(isAnswered(multi, { ...emptyDraft(), custom: "C" })).toBe(false);
    expect(unanswered([single, free], { db: { ...emptyDraft(), selected: ["A"] } })).toEqual([free]);
  });

  it("the reply leaves unanswered questions out and trims notes and Other", () => {
    const reply = toReply([single, multi, free], { db: { ...emptyDraft(), custom: " C ", note: "  " }, f: { ...emptyDraft(), text: "why", note: " n " } }, true);
    expect(reply).toEqual({
      answers: { db: { selected: [], custom: "C", text: null, note: null }, f: { selected: [], custom: null, text: "why", note: "n" } },
      confirmUnanswered: true,
    });
  });

  it("the summary never shows a secret", () => {
    expect(summary(secret, { ...emptyDraft(), text: "hunter2" })).toBe("Secret provided");
    expect(summary(single, { ...emptyDraft(), selected: ["A"], custom: "C" })).toBe("A, Other: C");
  });
});
