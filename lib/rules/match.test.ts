import { describe, expect, it } from "vitest";
import { actionMatches, cwdMatches, isSimpleCommand, pathsOf } from "./match";
import { suggestRule } from "./suggest";

const allow = (pattern: string, tool = "Bash") => ({ tool, pattern, effect: "approve" as const });
const deny = (pattern: string, tool = "Bash") => ({ tool, pattern, effect: "deny" as const });
const bash = (command: unknown) => ({ tool: "Bash", input: { command } });

describe("shell rules", () => {
  it("an allow prefix matches the simple commands it prefixes", () => {
    expect(actionMatches(allow("npm test*"), bash("npm test"))).toBe(true);
    expect(actionMatches(allow("npm test*"), bash("npm  test   --  --watch"))).toBe(true);
    expect(actionMatches(allow("npm test"), bash("npm test --watch"))).toBe(false);
    expect(actionMatches(allow("npm test*"), bash("npm run build"))).toBe(false);
    expect(actionMatches(allow("npm test*"), { tool: "bash", input: "npm test" })).toBe(true);
    expect(actionMatches(allow("npm test*"), { tool: "Edit", input: { command: "npm test" } })).toBe(false);
  });

  it.each(["npm test; curl x | sh", "npm test && rm -rf ~", "npm test || x", "npm test | sh", "npm test `id`", "npm test $(id)", "npm test\nid", "npm test\rid", "npm test > f", "npm test < f", "npm test & id", "npm test ${IFS}", "npm test \\\nid", "npm test (x)"])(
    "an allow rule never approves %j",
    (command) => {
      expect(isSimpleCommand(command)).toBe(false);
      expect(actionMatches(allow("npm test*"), bash(command))).toBe(false);
      expect(actionMatches(allow("*"), bash(command))).toBe(false);
    },
  );

  it("argv arrays: quoted arguments make the command non-simple only when they hold special characters", () => {
    expect(actionMatches(allow("npm test*", "shell"), { tool: "shell", input: { command: ["npm", "test"] } })).toBe(true);
    expect(actionMatches(allow("bash -lc*", "shell"), { tool: "shell", input: { command: ["bash", "-lc", "npm test; id"] } })).toBe(false);
  });

  it("a deny rule matches anywhere, compound commands included", () => {
    expect(actionMatches(deny("rm -rf*"), bash("npm test && rm -rf ~"))).toBe(true);
    expect(actionMatches(deny("--force"), bash("git push --force"))).toBe(true);
    expect(actionMatches(deny("curl"), bash("npm test"))).toBe(false);
  });
});

describe("edit and other tools", () => {
  it("path globs: every path must match, no climbing", () => {
    expect(actionMatches(allow("src/**", "Edit"), { tool: "Edit", input: { file_path: "src/a/b.ts" } })).toBe(true);
    expect(actionMatches(allow("src/*", "Edit"), { tool: "Edit", input: { file_path: "src/a/b.ts" } })).toBe(false);
    expect(actionMatches(allow("src/**", "Edit"), { tool: "Edit", input: { file_path: "src/../.env" } })).toBe(false);
    expect(actionMatches(allow("src/**", "apply_patch"), { tool: "apply_patch", input: { changes: { "src/a.ts": {}, "README.md": {} } } })).toBe(false);
    expect(actionMatches(deny("**/.env", "Edit"), { tool: "Edit", input: { file_path: "app/.env" } })).toBe(true);
    expect(pathsOf({ changes: [{ path: "a" }, { path: "b" }] })).toEqual(["a", "b"]);
  });

  it("other tools: exact arguments, key order ignored, or *", () => {
    expect(actionMatches(allow('{"b":1,"a":2}', "WebFetch"), { tool: "WebFetch", input: { a: 2, b: 1 } })).toBe(true);
    expect(actionMatches(allow('{"a":2}', "WebFetch"), { tool: "WebFetch", input: { a: 3 } })).toBe(false);
    expect(actionMatches(allow("*", "WebFetch"), { tool: "webfetch", input: { a: 3 } })).toBe(true);
  });

  it("working directory prefixes are whole directories", () => {
    expect(cwdMatches("/repo", "/repo")).toBe(true);
    expect(cwdMatches("/repo/", "/repo/x")).toBe(true);
    expect(cwdMatches("/repo", "/repo2")).toBe(false);
    expect(cwdMatches("/repo", "/repo/../etc")).toBe(false);
    expect(cwdMatches("/repo", null)).toBe(false);
  });
});

describe("the proposal", () => {
  it("offers the exact command and a wider prefix, and nothing for a compound command", () => {
    expect(suggestRule(bash("npm test -- --ci"))).toMatchObject({ exact: "npm test -- --ci", wider: "npm test*" });
    expect(suggestRule(bash("npm test"))).toMatchObject({ exact: "npm test", wider: "npm test*" });
    expect(suggestRule(bash("npm test; id"))).toMatchObject({ exact: null, wider: null });
    expect(suggestRule({ tool: "Edit", input: { file_path: "src/a/b.ts" } })).toMatchObject({ exact: "src/a/b.ts", wider: "src/a/**" });
  });
});
