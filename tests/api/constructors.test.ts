// model_tool vs internal: the same shape with different limits (SPEC §2).
import { describe, expect, it } from "vitest";
import type { CreateRequestInput } from "@/lib/questions/schemas";
import { clients } from "../helpers/clients";

const { agent } = clients();

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `opt ${i}` }));
const select = (id: string, n = 2) => ({ id, header: "H", prompt: "Pick one", kind: "single_select" as const, options: opts(n) });
const secret = { id: "key", header: "Key", prompt: "Paste the key", kind: "freeform" as const, secret: true };

type Case = [string, Partial<CreateRequestInput>, number, string?];
const cases: Case[] = [
  ["model_tool: 3 questions", { questions: [select("a"), select("b"), select("c")] }, 201],
  ["model_tool: 4 questions", { questions: [select("a"), select("b"), select("c"), select("d")] }, 422, "questions"],
  ["model_tool: 1 option", { questions: [select("a", 1)] }, 422, "questions[0].options"],
  ["model_tool: 7 options", { questions: [select("a", 7)] }, 422, "questions[0].options"],
  ["model_tool: secret", { questions: [secret] }, 422, "questions[0].secret"],
  ["model_tool: allowCustom false", { questions: [{ ...select("a"), allowCustom: false }] }, 422, "questions[0].allowCustom"],
  ["internal: 20 questions", { source: "internal", questions: Array.from({ length: 20 }, (_, i) => select(`q${i}`)) }, 201],
  ["internal: 21 questions", { source: "internal", questions: Array.from({ length: 21 }, (_, i) => select(`q${i}`)) }, 422, "questions"],
  ["internal: secret freeform", { source: "internal", questions: [secret] }, 201],
  ["internal: secret on a select", { source: "internal", questions: [{ ...select("a"), secret: true }] }, 422, "questions[0].secret"],
  ["internal: 10 options", { source: "internal", questions: [select("a", 10)] }, 201],
  ["duplicate question ids", { source: "internal", questions: [select("a"), select("a")] }, 422, "questions[1].id"],
  ["duplicate labels", { questions: [{ ...select("a"), options: [{ label: "x" }, { label: "x" }] }] }, 422, "questions[0].options[1].label"],
  ["options on freeform", { questions: [{ id: "f", header: "F", prompt: "p", kind: "freeform", options: [{ label: "x" }, { label: "y" }] }] }, 422, "questions[0].options"],
  ["header over 24 chars", { questions: [{ ...select("a"), header: "x".repeat(25) }] }, 422, "questions[0].header"],
  ["bad question id", { questions: [{ ...select("a"), id: "has space" }] }, 422, "questions[0].id"],
  ["timeout below 10 s", { questions: [select("a")], timeoutSeconds: 5 }, 422, "timeoutSeconds"],
  ["timeout above 7 days", { questions: [select("a")], timeoutSeconds: 7 * 86400 + 1 }, 422, "timeoutSeconds"],
  ["no agent name", { agent: { name: "" }, questions: [select("a")] }, 422, "agent.name"],
];

describe("constructors", () => {
  it.each(cases)("%s → %i", async (_name, body, status, path) => {
    const input = { agent: { name: "constructors" }, ...body } as CreateRequestInput;
    const result = await agent.create(input).then(
      (r) => ({ status: 201, r }),
      (e: { status: number; problem: { errors?: { path: string }[] } }) => ({ status: e.status, e }),
    );
    expect(result.status).toBe(status);
    if (path && "e" in result) expect(result.e.problem.errors?.map((x) => x.path)).toContain(path);
  });
});
