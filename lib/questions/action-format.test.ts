import { describe, expect, it } from "vitest";
import { describeAction, diffLines, parseEdit } from "./action-format";

const patch = "--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b";

describe("describeAction", () => {
  it.each([
    ["a shell tool's string", { tool: "bash", input: "ls -la" }, { kind: "command", command: "ls -la", rest: null }],
    ["an object's command, other fields apart", { tool: "run", input: { command: "make", cwd: "/w" } }, { kind: "command", command: "make", rest: { cwd: "/w" } }],
    ["an argv array, quoted", { tool: "exec", input: { cmd: ["rm", "-rf", "my dir", "it's"] } }, { kind: "command", command: `rm -rf 'my dir' 'it'\\''s'`, rest: null }],
    ["a diff string, whatever the tool", { tool: "apply", input: patch }, { kind: "diff", diff: patch, path: null, rest: null }],
    ["an object's diff with its path", { tool: "edit", input: { filepath: "x.ts", diff: patch } }, { kind: "diff", diff: patch, path: "x.ts", rest: null }],
    // The shapes the runtime bridges send (packages/bridge/src/codex/map.ts, packages/bridge/src/opencode/map.ts).
    ["Codex's command approval", { tool: "shell", input: { command: "npm test", cwd: "/w" } }, { kind: "command", command: "npm test", rest: { cwd: "/w" } }],
    ["Codex's patch approval", { tool: "apply_patch", input: { patch, files: ["x.ts"] } }, { kind: "diff", diff: patch, path: null, rest: { files: ["x.ts"] } }],
    ["OpenCode's bash permission", { tool: "bash", input: { command: "ls", patterns: ["ls"] } }, { kind: "command", command: "ls", rest: { patterns: ["ls"] } }],
    // Claude Code's file tools send the change itself (lib/claude-code/).
    [
      "Claude Code's Edit",
      { tool: "Edit", input: { file_path: "/w/a.ts", old_string: "a\nb", new_string: "c", replace_all: false } },
      { kind: "diff", diff: "--- /w/a.ts\n+++ /w/a.ts\n@@ @@\n-a\n-b\n+c", path: "/w/a.ts", rest: { replace_all: false } },
    ],
    [
      "Claude Code's MultiEdit",
      { tool: "MultiEdit", input: { file_path: "a.ts", edits: [{ old_string: "a", new_string: "b" }, { old_string: "c", new_string: "d" }] } },
      { kind: "diff", diff: "--- a.ts\n+++ a.ts\n@@ @@\n-a\n+b\n@@ @@\n-c\n+d", path: "a.ts", rest: null },
    ],
    ["Claude Code's Write", { tool: "Write", input: { file_path: "n.txt", content: "one\ntwo\n" } }, { kind: "diff", diff: "--- /dev/null\n+++ n.txt\n+one\n+two", path: "n.txt", rest: null }],
    ["a plain string of another tool", { tool: "fetch", input: "https://example.test" }, { kind: "json", json: '"https://example.test"' }],
    ["anything else", { tool: "write", input: { a: [1, null] } }, { kind: "json", json: '{\n  "a": [\n    1,\n    null\n  ]\n}' }],
  ])("%s", (_name, action, view) => {
    expect(describeAction(action)).toEqual(view);
  });
});

describe("diffLines", () => {
  it("tones added, removed, hunk and header lines", () => {
    expect(diffLines(patch).map((l) => l.tone)).toEqual(["meta", "meta", "hunk", "del", "add"]);
  });
});

describe("parseEdit", () => {
  it("accepts any JSON value and refuses text that does not parse or is over 64 KiB", () => {
    expect(parseEdit('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseEdit("null")).toEqual({ ok: true, value: null });
    expect(parseEdit('{"a":')).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid JSON/) });
    expect(parseEdit(JSON.stringify("x".repeat(64 * 1024)))).toMatchObject({ ok: false, message: expect.stringMatching(/64 KiB/) });
  });
});
