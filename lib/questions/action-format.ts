// How an approval's action reads to a person (SPEC §6): a shell command as a command, a patch as
// a diff, anything else as pretty JSON. Shared by the inbox control and the history page.
import { jsonBytes, LIMITS, type Action, type Decision } from "./schemas";

export type ActionView =
  | { kind: "command"; command: string; rest: Record<string, unknown> | null }
  | { kind: "diff"; diff: string; path: string | null; rest: Record<string, unknown> | null }
  | { kind: "json"; json: string };

export const DECISION_LABEL: Record<Decision, string> = { approve: "Approve", approve_always: "Approve always", deny: "Deny" };
export const DECISION_DONE: Record<Decision, string> = { approve: "Approved", approve_always: "Approved always", deny: "Denied" };
export const DECISION_KEY: Record<Decision, string> = { approve: "y", approve_always: "a", deny: "n" };

const SHELL_TOOL = /bash|shell|sh$|exec|command|terminal|run/i;
const DIFF_START = /^(diff --git |--- |\+\+\+ |@@ |\*\*\* Begin Patch|Index: )/m;
const COMMAND_KEYS = ["command", "cmd"] as const;
const DIFF_KEYS = ["diff", "patch"] as const;
const PATH_KEYS = ["filepath", "filePath", "path", "file"] as const;

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? "null";
}

/** POSIX-quotes one argument of an argv array, so `["rm", "a b"]` reads `rm 'a b'`. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function asCommand(v: unknown): string | null {
  if (typeof v === "string" && v.trim()) return v;
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string")) return v.map(quoteArg).join(" ");
  return null;
}

function without(obj: Record<string, unknown>, ...keys: string[]): Record<string, unknown> | null {
  const rest = { ...obj };
  for (const key of keys) delete rest[key];
  return Object.keys(rest).length ? rest : null;
}

const lines = (text: string, sign: string) => text.replace(/\n$/, "").split("\n").map((l) => sign + l);

/**
 * File tools that send the change rather than a patch (Claude Code's Edit, MultiEdit and Write:
 * `file_path` with `old_string`/`new_string`, `edits[]` or `content`) as a diff: one hunk per
 * replacement, a new file as all additions.
 */
function fileChange(obj: Record<string, unknown>): ActionView | null {
  const path = obj.file_path;
  if (typeof path !== "string") return null;
  const edit = (e: unknown): e is { old_string: string; new_string: string } =>
    !!e && typeof (e as Record<string, unknown>).old_string === "string" && typeof (e as Record<string, unknown>).new_string === "string";
  if (typeof obj.content === "string") {
    return { kind: "diff", diff: ["--- /dev/null", `+++ ${path}`, ...lines(obj.content, "+")].join("\n"), path, rest: without(obj, "file_path", "content") };
  }
  const edits = edit(obj) ? [obj] : Array.isArray(obj.edits) && obj.edits.every(edit) ? obj.edits : null;
  if (!edits?.length) return null;
  const hunks = edits.flatMap((e) => ["@@ @@", ...lines(e.old_string, "-"), ...lines(e.new_string, "+")]);
  const rest = edit(obj) ? without(obj, "file_path", "old_string", "new_string") : without(obj, "file_path", "edits");
  return { kind: "diff", diff: [`--- ${path}`, `+++ ${path}`, ...hunks].join("\n"), path, rest };
}

export function describeAction(action: Pick<Action, "tool" | "input">): ActionView {
  const input = action.input;
  if (typeof input === "string") {
    if (DIFF_START.test(input)) return { kind: "diff", diff: input, path: null, rest: null };
    if (SHELL_TOOL.test(action.tool)) return { kind: "command", command: input, rest: null };
  }
  if (input && typeof input === "object" && !Array.isArray(input)) {
    const obj = input as Record<string, unknown>;
    const change = fileChange(obj);
    if (change) return change;
    for (const key of DIFF_KEYS) {
      const diff = obj[key];
      if (typeof diff === "string" && diff.trim()) {
        const pathKey = PATH_KEYS.find((k) => typeof obj[k] === "string");
        const path = pathKey ? (obj[pathKey] as string) : null;
        return { kind: "diff", diff, path, rest: pathKey ? without(obj, key, pathKey) : without(obj, key) };
      }
    }
    for (const key of COMMAND_KEYS) {
      const command = asCommand(obj[key]);
      if (command) return { kind: "command", command, rest: without(obj, key) };
    }
  }
  return { kind: "json", json: prettyJson(input) };
}

export type DiffLine = { text: string; tone: "add" | "del" | "hunk" | "meta" | "plain" };

export function diffLines(diff: string): DiffLine[] {
  return diff.split("\n").map((text) => {
    if (/^(\+\+\+ |--- |diff --git |Index: |\*\*\* )/.test(text)) return { text, tone: "meta" };
    if (text.startsWith("@@")) return { text, tone: "hunk" };
    if (text.startsWith("+")) return { text, tone: "add" };
    if (text.startsWith("-")) return { text, tone: "del" };
    return { text, tone: "plain" };
  });
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** The JSON editor's text → a value the API accepts, or why not (never sent when not ok). */
export function parseEdit(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Invalid JSON: ${e instanceof Error ? e.message : "cannot be parsed"}` };
  }
  if ((jsonBytes(value) ?? Infinity) > LIMITS.actionInputBytes) {
    return { ok: false, message: `The input is over ${LIMITS.actionInputBytes / 1024} KiB.` };
  }
  return { ok: true, value };
}
