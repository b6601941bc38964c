import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { checkReply } from "./answers";
import type { Question, ReplyBody } from "./schemas";

const single: Question = { id: "db", header: "DB", prompt: "Which?", kind: "single_select", options: [{ label: "A" }, { label: "B" }], allowCustom: true, secret: false };
const multi: Question = { id: "langs", header: "Langs", prompt: "Which?", kind: "multi_select", options: [{ label: "Go" }, { label: "Rust" }], allowCustom: false, secret: false };
const free: Question = { id: "why", header: "Why", prompt: "Why?", kind: "freeform", options: [], allowCustom: false, secret: false };
const secret: Question = { ...free, id: "key", secret: true };

type Given = Partial<ReplyBody["answers"][string]>;
const a = (g: Given): ReplyBody["answers"][string] => ({ selected: [], custom: null, text: null, note: null, ...g });
const reply = (answers: Record<string, Given>, confirmUnanswered = false): ReplyBody =>
  ({ answers: Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, a(v)])), confirmUnanswered }) as ReplyBody;

function errorsOf(questions: Question[], body: ReplyBody): string[] {
  try {
    checkReply(questions, body);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return ((e as AppError).errors ?? []).map((x) => x.path);
  }
  return [];
}

describe("checkReply", () => {
  it("accepts a valid answer per kind and keeps secret values apart", () => {
    const out = checkReply([single, multi, free, secret], reply({ db: { selected: ["A"] }, langs: { selected: ["Go", "Rust"] }, why: { text: "fast", note: " n " }, key: { text: "s3cret" } }));
    expect(out.answers.db).toEqual({ selected: ["A"], custom: null, text: null, note: null });
    expect(out.answers.why!.text).toBe("fast");
    expect(out.answers.key).toEqual({ selected: [], custom: null, text: null, note: null });
    expect(JSON.stringify(out.answers)).not.toContain("s3cret");
    expect(out.secrets).toEqual([{ questionId: "key", value: "s3cret" }]);
  });

  it.each([
    ["unknown question id", [single], reply({ db: { selected: ["A"] }, nope: { selected: ["A"] } }), ["answers.nope"]],
    ["unanswered without confirmation", [single, free], reply({ db: { selected: ["A"] } }), ["answers.why"]],
    ["an option that does not exist", [single], reply({ db: { selected: ["C"] } }), ["answers.db.selected[0]"]],
    ["two options on a single select", [single], reply({ db: { selected: ["A", "B"] } }), ["answers.db.selected"]],
    ["an option twice", [multi], reply({ langs: { selected: ["Go", "Go"] } }), ["answers.langs.selected"]],
    ["custom where not allowed", [multi], reply({ langs: { custom: "Zig" } }), ["answers.langs.custom"]],
    ["nothing on a multi select", [multi], reply({ langs: {} }), ["answers.langs.selected"]],
    ["text on a select", [single], reply({ db: { selected: ["A"], text: "x" } }), ["answers.db.text"]],
    ["blank freeform", [free], reply({ why: { text: "  " } }), ["answers.why.text"]],
    ["options on a freeform", [free], reply({ why: { text: "x", selected: ["A"] } }), ["answers.why.selected"]],
  ])("rejects %s with the field path", (_name, questions, body, paths) => {
    expect(errorsOf(questions, body)).toEqual(paths);
  });

  it("records confirmed unanswered questions as skipped", () => {
    const out = checkReply([single, free], reply({ db: { custom: "C" } }, true));
    expect(out.answers.db).toMatchObject({ selected: [], custom: "C" });
    expect(out.answers.why).toMatchObject({ skipped: true });
  });
});
