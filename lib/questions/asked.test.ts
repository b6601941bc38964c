import { describe, expect, it } from "vitest";
import { askedParts } from "./asked";

const select = (prompt: string) => ({ kind: "single_select" as const, prompt });

describe("askedParts", () => {
  it("lists each question's text, leaving out what the title says", () => {
    expect(askedParts({ title: "Set up the service", questions: [select("Which database?"), select("Which  port\nto use?")] })).toEqual(["Which database?", "Which port to use?"]);
    expect(askedParts({ title: "Which database? (+1 more)", questions: [select("Which database?"), select("Which port?")] })).toEqual(["Which port?"]);
    expect(askedParts({ title: null, questions: [select("x".repeat(300))] })[0]).toHaveLength(160);
  });

  it("shows an approval's command or changed file", () => {
    const run = { kind: "approval" as const, prompt: "Allow?", action: { tool: "shell", input: { command: "npm test" } } };
    expect(askedParts({ title: "Deploy", questions: [run] })).toEqual(["$ npm test"]);
    expect(askedParts({ title: "Run `npm test`", questions: [run] })).toEqual([]);
    const edit = { kind: "approval" as const, prompt: "Allow this edit?", action: { tool: "edit", input: { filepath: "src/a.ts", diff: "--- a\n+++ b\n" } } };
    expect(askedParts({ title: "Port", questions: [edit] })).toEqual(["Change src/a.ts"]);
  });
});
