// `codex app-server` as a child process speaking JSON-RPC (one JSON object per line, no
// "jsonrpc" field) over stdio: our calls, its notifications, and its requests to us.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import type { RequestId } from "./protocol/RequestId.ts";

type Message = { id?: RequestId; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string } };

export interface ServerRequestMessage {
  id: RequestId;
  method: string;
  params: unknown;
}

export interface AppServerHandlers {
  onNotification(method: string, params: unknown): void;
  /** Resolves with the result to send back; a rejection becomes a JSON-RPC error. */
  onRequest(req: ServerRequestMessage): Promise<unknown>;
  /** The process ended (code/signal), or could not start (error). */
  onExit(reason: string): void;
  /** Each line Codex writes on stderr. */
  onStderr(line: string): void;
}

export class AppServer {
  private nextId = 1;
  private readonly pending = new Map<RequestId, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  private readonly child: ChildProcessWithoutNullStreams;
  private exited = false;

  constructor(opts: { cwd: string; env: NodeJS.ProcessEnv; handlers: AppServerHandlers }) {
    const bin = createRequire(import.meta.url).resolve("@openai/codex/bin/codex.js");
    this.child = spawn(process.execPath, [bin, "app-server"], { cwd: opts.cwd, env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
    const { handlers } = opts;
    createInterface({ input: this.child.stdout }).on("line", (line) => this.receive(line, handlers));
    createInterface({ input: this.child.stderr }).on("line", (line) => handlers.onStderr(line));
    const end = (reason: string) => {
      if (this.exited) return;
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`${p.method}: codex app-server ${reason}`));
      this.pending.clear();
      handlers.onExit(reason);
    };
    this.child.on("error", (e) => end(`could not start (${e.message})`));
    this.child.on("exit", (code, signal) => end(signal ? `was killed by ${signal}` : `exited with status ${code}`));
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject, method });
      this.write({ id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    this.write(params === undefined ? { method } : { method, params });
  }

  stop(): void {
    if (!this.exited) this.child.kill("SIGTERM");
  }

  private write(msg: Message): void {
    if (!this.exited) this.child.stdin.write(`${JSON.stringify(msg)}\n`);
  }

  private receive(line: string, handlers: AppServerHandlers): void {
    let msg: Message;
    try {
      msg = JSON.parse(line) as Message;
    } catch {
      handlers.onStderr(`(not JSON on stdout) ${line.slice(0, 200)}`);
      return;
    }
    if (msg.method !== undefined && msg.id !== undefined) {
      const id = msg.id;
      handlers.onRequest({ id, method: msg.method, params: msg.params }).then(
        (result) => this.write({ id, result }),
        (e: unknown) => this.write({ id, error: { code: -32603, message: e instanceof Error ? e.message : String(e) } }),
      );
    } else if (msg.method !== undefined) {
      handlers.onNotification(msg.method, msg.params);
    } else if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p?.resolve(msg.result);
    }
  }
}
