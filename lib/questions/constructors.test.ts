import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { buildQuestions } from "./constructors";
import type { CreateRequestBody } from "./schemas";

type Input = CreateRequestBody["questions"][number];
const sel = (o: Partial<Input> = {}): Input => ({ id: "q", header: "H", prompt: "P?", kind: "single_select", options: [{ label: "A" }, { label: "B" }], ...o });
const free = (o: Partial<Input> = {}): Input => ({ id: "f", header: "H", prompt: "P?", kind: "freeform", ...o });

function paths(source: "model_tool" | "internal", input: Input[]): string[] {
  try {
    buildQuestions(source, input);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return ((e as AppError).errors ?? []).map((x) => x.path);
  }
}

describe("buildQuestions", () => {
  it("normalises: model_tool selects always allow custom; freeform has no options", () => {
    const [q, f] = buildQuestions("model_tool", [sel({ options: [{ label: "A", description: "" }, { label: "B", description: "b" }] }), free()]);
    expect(q).toEqual({ id: "q", header: "H", prompt: "P?", kind: "single_select", options: [{ label: "A" }, { label: "B", description: "b" }], allowCustom: true, secret: false });
    expect(f).toMatchObject({ options: [], allowCustom: false, secret: false });
  });

  it("internal may ask for secrets and more questions and options; custom off by default", () => {
    const qs = buildQuestions("internal", [free({ secret: true }), sel({ id: "one", options: [{ label: "Only" }] }), ...Array.from({ length: 5 }, (_, i) => free({ id: `f${i}` }))]);
    expect(qs[0]!.secret).toBe(true);
    expect(qs[1]!.allowCustom).toBe(false);
  });

  it.each([
    ["model_tool: too many questions", "model_tool", [free({ id: "a" }), free({ id: "b" }), free({ id: "c" }), free({ id: "d" })], ["questions"]],
    ["model_tool: too few options", "model_tool", [sel({ options: [{ label: "A" }] })], ["questions[0].options"]],
    ["model_tool: a secret", "model_tool", [free({ secret: true })], ["questions[0].secret"]],
    ["model_tool: allowCustom false", "model_tool", [sel({ allowCustom: false })], ["questions[0].allowCustom"]],
    ["duplicate ids", "internal", [free({ id: "x" }), free({ id: "x" })], ["questions[1].id"]],
    ["duplicate labels", "internal", [sel({ options: [{ label: "A" }, { label: "A" }] })], ["questions[0].options[1].label"]],
    ["options on freeform", "internal", [free({ options: [{ label: "A" }] })], ["questions[0].options"]],
    ["a secret select", "internal", [sel({ secret: true })], ["questions[0].secret"]],
    ["allowCustom on freeform", "internal", [free({ allowCustom: true })], ["questions[0].allowCustom"]],
  ] as const)("rejects %s", (_n, source, input, expected) => {
    expect(paths(source, [...input])).toEqual(expected);
  });
});
