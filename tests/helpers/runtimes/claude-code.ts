// Real Claude Code (npm @anthropic-ai/claude-code) offline: a scratch HOME whose ~/.claude.json
// skips onboarding and trusts the project directories, the scripted Messages API as its model
// (messages-model.ts), interactive sessions in tmux (a real terminal), headless `claude -p` runs.
// One HOME serves a whole test file: every session gets its own project directory under it.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "../server";

export const CLAUDE = path.join(ROOT, "node_modules/.bin/claude");
const API_KEY = "sk-ant-scripted";

export type ClaudeHome = {
  home: string;
  /** a new trusted project directory with these files (relative path → content) */
  project: (files?: Record<string, string>) => string;
  env: (modelBaseUrl: string, extra?: Record<string, string>) => Record<string, string>;
  cleanup: () => void;
};

export function claudeHome(): ClaudeHome {
  const home = mkdtempSync(path.join(tmpdir(), "oq-claude-"));
  const trusted: string[] = [];
  const seed = () => {
    const file = path.join(home, ".claude.json");
    let config: { projects?: Record<string, unknown> } = {};
    try {
      config = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // first project: nothing written yet
    }
    const projects = { ...config.projects };
    for (const dir of trusted) projects[dir] = { ...(projects[dir] as object), hasTrustDialogAccepted: true };
    // The key approved up front (Claude Code keeps its last 20 characters), else it asks about it first.
    const customApiKeyResponses = { approved: [API_KEY.slice(-20)], rejected: [] };
    writeFileSync(file, JSON.stringify({ ...config, hasCompletedOnboarding: true, customApiKeyResponses, projects }));
  };
  return {
    home,
    project: (files = {}) => {
      const dir = mkdtempSync(path.join(home, "project-"));
      for (const [rel, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), content);
      }
      trusted.push(dir);
      seed();
      return dir;
    },
    env: (modelBaseUrl, extra = {}) => ({
      HOME: home,
      ANTHROPIC_BASE_URL: modelBaseUrl,
      ANTHROPIC_API_KEY: API_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      // Otherwise MCP tools hide behind Claude Code's tool search and a scripted model never sees them.
      ENABLE_TOOL_SEARCH: "false",
      // How long it waits for MCP servers to connect at start (ms): a loaded CI machine is slow.
      MCP_TIMEOUT: "60000",
      ...extra,
    }),
    // Claude Code may still be writing its session files as it exits.
    cleanup: () => {
      try {
        rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // a file appeared while deleting: the temp dir is left for the OS
      }
    },
  };
}

export type Terminal = {
  screen: () => string;
  /** polls the screen until `pattern` shows */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  keys: (...keys: string[]) => void;
  /** leaves Claude Code (Ctrl-C twice: its SessionEnd hook fires) and closes the terminal */
  stop: () => Promise<void>;
};

let terminals = 0;

/** `claude` in a tmux session (200×50), `--permission-mode manual` so every permission reaches the hook. */
export async function startInteractive(opts: { cwd: string; env: Record<string, string>; prompt: string; args?: string[] }): Promise<Terminal> {
  const name = `oq-claude-${process.pid}-${++terminals}`;
  const env = Object.entries(opts.env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  const argv = [CLAUDE, "--permission-mode", "manual", ...(opts.args ?? []), opts.prompt].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  execFileSync("tmux", ["new-session", "-d", "-s", name, "-x", "200", "-y", "50", "-c", opts.cwd, ...env, argv]);
  const screen = () => {
    try {
      return execFileSync("tmux", ["capture-pane", "-p", "-t", name], { encoding: "utf8" });
    } catch {
      return "";
    }
  };
  const keys = (...k: string[]) => execFileSync("tmux", ["send-keys", "-t", name, ...k]);
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = screen();
      if (pattern.test(s)) return s;
      // Claude Code asks once whether to use the API key from the environment.
      if (/Do you want to use this API key/i.test(s)) keys("Up", "Enter");
      if (Date.now() > deadline) throw new Error(`terminal never showed ${pattern}; it shows:\n${s}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  // Started: its status line shows the permission mode (answering the API-key question if asked).
  await waitFor(/manual mode on/, 60_000);
  return {
    screen,
    waitFor,
    keys,
    stop: async () => {
      try {
        keys("C-c");
        await new Promise((r) => setTimeout(r, 300));
        keys("C-c");
        await new Promise((r) => setTimeout(r, 1500));
        execFileSync("tmux", ["kill-session", "-t", name]);
      } catch {
        // already gone
      }
    },
  };
}

export type Run = { code: number | null; stdout: string; stderr: string };
export type HeadlessRun = Run & { result?: { result?: string; is_error?: boolean } };

function run(args: string[], opts: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve) => {
    const env = { PATH: process.env.PATH ?? "", ...opts.env } as unknown as NodeJS.ProcessEnv;
    const child = spawn(CLAUDE, args, { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 150_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `claude -p <prompt> --output-format json …args` to completion. */
export async function runHeadless(opts: { cwd: string; env: Record<string, string>; prompt: string; args?: string[]; timeoutMs?: number }): Promise<HeadlessRun> {
  const r = await run(["-p", opts.prompt, "--output-format", "json", ...(opts.args ?? [])], opts);
  try {
    return { ...r, result: JSON.parse(r.stdout) };
  } catch {
    return r;
  }
}

/** `claude <args>` (e.g. `mcp add …`) to completion; throws with its output when it fails. */
export async function claudeCommand(args: string[], opts: { cwd: string; env: Record<string, string> }): Promise<string> {
  const r = await run(args, { ...opts, timeoutMs: 30_000 });
  if (r.code !== 0) throw new Error(`claude ${args.join(" ")} exited ${r.code}:\n${r.stdout}${r.stderr}`);
  return r.stdout + r.stderr;
}

/** The README's Claude Code blocks (under "Connect your agent"), pointed at `baseUrl`. */
export function readmeClaudeBlocks(baseUrl: string): { mcpAdd: string; mcpJson: string; settings: (timeout: number) => string; headless: string } {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Connect your agent"), readme.indexOf("**Codex**"));
  const blocks = [...section.matchAll(/```(sh|json)\n([\s\S]*?)```/g)].map((m) => m[2]!.replace(/^ {3}/gm, "").replaceAll("http://localhost:3000", baseUrl));
  const find = (test: (b: string) => boolean) => blocks.find(test);
  const mcpAdd = find((b) => b.startsWith("claude mcp add"));
  const mcpJson = find((b) => b.includes('"mcpServers"'));
  const settings = find((b) => b.includes('"PermissionRequest"'));
  const headless = find((b) => /^(\w+=\S+ )*claude -p/.test(b));
  if (!mcpAdd?.startsWith("claude mcp add") || !mcpJson?.includes("mcpServers") || !settings?.includes("PermissionRequest") || !headless) {
    throw new Error("README: the Claude Code blocks under 'Connect your agent' are not where the tests expect them");
  }
  // The hook's timeout appears twice (the hook's own and the URL's): tests set their own.
  return { mcpAdd, mcpJson, settings: (timeout) => settings.replaceAll("timeout=300", `timeout=${timeout}`).replace('"timeout": 300', `"timeout": ${timeout}`), headless };
}

/** Runs a README shell block as a shell would, with `claude` on the PATH. */
export function shellBlock(block: string, opts: { cwd: string; env: Record<string, string>; extraArgs?: string }): Promise<Run> {
  return new Promise((resolve) => {
    const env = { ...opts.env, PATH: `${path.dirname(CLAUDE)}:${process.env.PATH ?? ""}` } as unknown as NodeJS.ProcessEnv;
    const child = spawn("sh", ["-c", `${block.trim()}${opts.extraArgs ? ` ${opts.extraArgs}` : ""}`], { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
