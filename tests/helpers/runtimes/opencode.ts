// Runs a real `opencode serve` (npm opencode-ai) against a scripted model, in a scratch project
// directory with a scratch HOME. Its cache (XDG_CACHE_HOME: where OpenCode puts provider packages
// it fetches from the npm registry, when not bundled) is one directory shared by every run, so only
// the first start may need the registry.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, ROOT } from "../server";

const BIN = path.join(ROOT, "node_modules/.bin/opencode");
/** Shared across runs and test files: the provider package lands here once. */
export const OPENCODE_CACHE = process.env.OPENCODE_TEST_CACHE || path.join(tmpdir(), "oq-opencode-cache");
export const PROVIDER = "fake";
export const MODEL = "scripted";

export type OpenCodeOptions = {
  /** the scripted model's base URL (`ChatModel.baseUrl`) */
  modelBaseUrl: string;
  /** remote MCP servers: name → url + headers */
  mcp?: Record<string, { url: string; headers?: Record<string, string> }>;
  /** OpenCode `permission` config, e.g. `{ bash: "ask" }` to get permission prompts */
  permission?: Record<string, unknown>;
  /** merged last into opencode.json */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  /** how long to wait for the server to answer (first start fetches a package: allow minutes) */
  startTimeoutMs?: number;
};

export type Question = { id: string; sessionID: string; questions: { question: string; header: string; options: { label: string; description?: string }[] }[] };
export type Permission = { id: string; sessionID: string; permission: string; patterns?: string[]; metadata?: Record<string, unknown> };

export type OpenCode = {
  url: string;
  dir: string;
  home: string;
  logs: () => string;
  /** fetch against the server with a timeout (a call made while it starts can hang) */
  api: <T = unknown>(pathname: string, init?: { method?: string; body?: unknown; timeoutMs?: number }) => Promise<T>;
  createSession: () => Promise<string>;
  /** Sends a user prompt to the scripted model; returns at once (the turn runs in the background). */
  prompt: (sessionId: string, text: string) => Promise<void>;
  questions: () => Promise<Question[]>;
  replyQuestion: (id: string, answers: string[][]) => Promise<void>;
  rejectQuestion: (id: string) => Promise<void>;
  permissions: () => Promise<Permission[]>;
  replyPermission: (id: string, reply: "once" | "always" | "reject", message?: string) => Promise<void>;
  /** polls `list` until `match` finds an item */
  waitFor: <T>(list: () => Promise<T[]>, match: (item: T) => boolean, timeoutMs?: number) => Promise<T>;
  /** stop and start again on the same port, project and HOME */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  /** stop and delete the scratch project and HOME */
  dispose: () => Promise<void>;
};

export function openCodeConfig(opts: OpenCodeOptions): Record<string, unknown> {
  const mcp = Object.fromEntries(
    Object.entries(opts.mcp ?? {}).map(([name, s]) => [name, { type: "remote", url: s.url, headers: s.headers ?? {}, oauth: false, enabled: true }]),
  );
  return {
    $schema: "https://opencode.ai/config.json",
    provider: {
      [PROVIDER]: {
        npm: "@ai-sdk/openai-compatible",
        options: { baseURL: opts.modelBaseUrl, apiKey: "x" },
        models: { [MODEL]: { name: "Scripted", tool_call: true } },
      },
    },
    model: `${PROVIDER}/${MODEL}`,
    autoupdate: false,
    share: "disabled",
    ...(opts.mcp ? { mcp } : {}),
    ...(opts.permission ? { permission: opts.permission } : {}),
    ...opts.config,
  };
}

async function timedFetch(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
}

export async function startOpenCode(opts: OpenCodeOptions): Promise<OpenCode> {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-opencode-project-"));
  const home = mkdtempSync(path.join(tmpdir(), "oq-opencode-home-"));
  mkdirSync(OPENCODE_CACHE, { recursive: true });
  writeFileSync(path.join(dir, "opencode.json"), JSON.stringify(openCodeConfig(opts), null, 2));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(home, "opencode.log");
  let child: ChildProcess | undefined;

  const start = async () => {
    const out = createWriteStream(logFile, { flags: "a" });
    child = spawn(BIN, ["serve", "--port", String(port), "--hostname", "127.0.0.1"], {
      cwd: dir,
      env: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, ".config"),
        XDG_DATA_HOME: path.join(home, ".local/share"),
        XDG_STATE_HOME: path.join(home, ".local/state"),
        XDG_CACHE_HOME: OPENCODE_CACHE,
        OPENCODE_ENABLE_QUESTION_TOOL: "1",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        // offline: no models.dev catalogue, no ~/.claude discovery, no sharing
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_CLAUDE_CODE: "1",
        OPENCODE_DISABLE_SHARE: "1",
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`opencode exited (${child.exitCode}):\n${readFileSync(logFile, "utf8")}`);
      try {
        const res = await timedFetch(`${url}/config`, { timeoutMs: 3000 });
        if (res.ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`opencode did not start:\n${readFileSync(logFile, "utf8")}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => c.once("exit", () => resolve()));
    c.kill("SIGTERM");
    const timer = setTimeout(() => c.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };

  const api = async <T>(pathname: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<T> => {
    const res = await timedFetch(`${url}${pathname}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      timeoutMs: init.timeoutMs,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`opencode ${init.method ?? "GET"} ${pathname} → ${res.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const waitFor = async <T>(list: () => Promise<T[]>, match: (item: T) => boolean, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = (await list()).find(match);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`opencode: nothing matched within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  try {
    await start();
  } catch (e) {
    await stop();
    throw e;
  }

  return {
    url,
    dir,
    home,
    logs: () => readFileSync(logFile, "utf8"),
    api,
    createSession: async () => (await api<{ id: string }>("/session", { body: {} })).id,
    prompt: async (sessionId, text) => {
      await api(`/session/${sessionId}/prompt_async`, { body: { model: { providerID: PROVIDER, modelID: MODEL }, parts: [{ type: "text", text }] } });
    },
    questions: () => api<Question[]>("/question"),
    replyQuestion: async (id, answers) => void (await api(`/question/${id}/reply`, { body: { answers } })),
    rejectQuestion: async (id) => void (await api(`/question/${id}/reject`, { body: {} })),
    permissions: () => api<Permission[]>("/permission"),
    replyPermission: async (id, reply, message) => void (await api(`/permission/${id}/reply`, { body: message ? { reply, message } : { reply } })),
    waitFor,
    restart: async () => {
      await stop();
      await start();
    },
    stop,
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    },
  };
}
