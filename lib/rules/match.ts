// How a rule matches a request (docs/rules.md): pure functions, no database. Allow rules are
// conservative (if in doubt, no match); deny rules are generous (a match anywhere in the text).
import { canonicalJson } from "../text/canonical-json";

/** Tools whose input is a shell command: the pattern is a command prefix or glob. */
export const SHELL_TOOLS = ["bash", "shell", "sh", "exec", "exec_command", "local_shell", "run_shell_command", "command", "terminal", "execute"];
/** Tools whose input names files: the pattern is a path glob. */
export const EDIT_TOOLS = ["edit", "write", "multiedit", "notebookedit", "apply_patch", "patch", "create", "str_replace_based_edit_tool", "filechange"];

export type ToolKind = "shell" | "edit" | "other";

export function toolKind(tool: string): ToolKind {
  const t = tool.trim().toLowerCase();
  if (SHELL_TOOLS.includes(t)) return "shell";
  if (EDIT_TOOLS.includes(t)) return "edit";
  return "other";
}

/** Collapses runs of blanks so `npm  test` and `npm test` read alike. */
const squash = (s: string) => s.replace(/[ \t]+/g, " ").trim();

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, "\\$&");

/** A command glob: `*` any characters, `?` one; everything else literal. */
function commandRegex(pattern: string, anchored: boolean): RegExp {
  const body = escape(squash(pattern)).replace(/\*/g, "[\\s\\S]*").replace(/\?/g, "[\\s\\S]");
  return new RegExp(anchored ? `^${body}$` : body);
}

/**
 * Characters that can start a second command, a substitution, a redirection or a subshell. An
 * allow rule never matches a command holding any of them, quoted or not: parsing the shell's
 * quoting is where runtimes went wrong, and refusing costs only a question to a human.
 */
const NOT_SIMPLE = /[;&|`$<>()\n\r\\{}!]|\u0000/;

export function isSimpleCommand(command: string): boolean {
  return !NOT_SIMPLE.test(command);
}

/** The command of a shell tool's input: a string, `command` / `cmd` (string or argv array). */
export function commandOf(input: unknown): string | null {
  const asText = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    // argv arrays: an argument with a blank or special character makes the whole thing non-simple,
    // which is what we want (quoting would be needed to run it as one word).
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string")) return v.map((a) => (/^[^\s'"]*$/.test(a) ? a : `'${a}'`)).join(" ");
    return null;
  };
  if (typeof input === "string") return input;
  if (input && typeof input === "object" && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    return asText(o.command) ?? asText(o.cmd);
  }
  return null;
}

/** Every path an edit tool's input names (Claude Code, OpenCode, Codex shapes); empty when none. */
export function pathsOf(input: unknown): string[] {
  if (!input || typeof input !== "object" || Array.isArray(input)) return [];
  const o = input as Record<string, unknown>;
  const out: string[] = [];
  for (const k of ["file_path", "filePath", "filepath", "path", "file", "notebook_path"]) if (typeof o[k] === "string") out.push(o[k] as string);
  if (Array.isArray(o.patterns)) for (const p of o.patterns) if (typeof p === "string") out.push(p);
  if (o.changes && typeof o.changes === "object") {
    if (Array.isArray(o.changes)) for (const c of o.changes) if (c && typeof (c as { path?: unknown }).path === "string") out.push((c as { path: string }).path);
    else for (const k of Object.keys(o.changes)) out.push(k);
  }
  return [...new Set(out)];
}

/** A path glob: `**` any depth, `*` within one segment, `?` one character. */
export function pathRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*" && pattern[i + 1] === "*") {
      re += "[\\s\\S]*";
      i++;
      if (pattern[i + 1] === "/") i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += escape(c);
  }
  return new RegExp(`^${re}$`);
}

/** A path that climbs (`..`) could leave any prefix the glob names: never allowed by a rule. */
const climbs = (p: string) => /(^|[\\/])\.\.([\\/]|$)/.test(p) || /[\n\r\u0000]/.test(p);

export type Effect = "approve" | "deny";

/** Does an approval rule's pattern match this action? Allow and deny differ (see file comment). */
export function actionMatches(rule: { tool: string; pattern: string; effect: Effect }, action: { tool: string; input: unknown }): boolean {
  if (rule.tool.trim().toLowerCase() !== action.tool.trim().toLowerCase() && rule.tool !== "*") return false;
  const kind = toolKind(action.tool);
  const deny = rule.effect === "deny";
  if (kind === "shell") {
    const command = commandOf(action.input);
    if (command === null) return deny && rule.pattern === "*";
    const text = squash(command);
    if (deny) return commandRegex(rule.pattern, false).test(text) || (rule.pattern.trim() === "*");
    return isSimpleCommand(command) && text.length > 0 && commandRegex(rule.pattern, true).test(text);
  }
  if (kind === "edit") {
    const paths = pathsOf(action.input);
    if (!paths.length) return deny && rule.pattern === "*";
    const re = pathRegex(rule.pattern);
    return deny ? paths.some((p) => re.test(p)) : paths.every((p) => !climbs(p) && re.test(p));
  }
  if (rule.pattern.trim() === "*") return true;
  let expected: unknown;
  try {
    expected = JSON.parse(rule.pattern);
  } catch {
    return false;
  }
  return canonicalJson(expected) === canonicalJson(action.input);
}

/** Is `cwd` the prefix directory or inside it? (`/repo` matches `/repo` and `/repo/x`, not `/repo2`.) */
export function cwdMatches(prefix: string, cwd: string | null | undefined): boolean {
  if (!cwd || climbs(cwd)) return false;
  const p = prefix.replace(/\/+$/, "");
  return p === "" ? cwd.startsWith("/") : cwd === p || cwd.startsWith(`${p}/`);
}
