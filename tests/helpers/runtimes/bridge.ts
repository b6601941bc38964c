// Runs `npm run bridge -- …` (tsx packages/bridge/src/cli.ts) as a real child process and records its output.
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "../server";

export interface BridgeProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or -1 when killed by a signal). */
  exited: Promise<number>;
  /** Resolves once stderr or stdout has a line matching `re` (rejects after `timeoutMs`). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number>;
  /** Sends `signal` to the bridge's whole process group, as a terminal does (Ctrl-C, closing it). */
  signalGroup(signal: NodeJS.Signals): void;
}

/** The bridges' run journals (packages/bridge/src/core/journal.ts) of this test process, not the user's. */
export const BRIDGE_STATE_DIR = path.join(tmpdir(), `oq-bridge-state-${process.pid}`);

export function startBridge(args: string[], env: Record<string, string>, cwd = ROOT): BridgeProcess {
  // Its own process group (with the runtime it starts), so a test can signal the group.
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "packages/bridge/src/cli.ts"), ...args], {
    cwd,
    // TSX_TSCONFIG_PATH: the repository's tsconfig (its paths: the client package's sources) from any cwd.
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"), QUESTIONS_BRIDGE_STATE_DIR: BRIDGE_STATE_DIR, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  let err = "";
  const listeners = new Set<() => void>();
  const poke = () => listeners.forEach((l) => l());
  child.stdout!.on("data", (d: Buffer) => ((out += d.toString()), poke()));
  child.stderr!.on("data", (d: Buffer) => ((err += d.toString()), poke()));
  const exited = new Promise<number>((resolve) => child.on("close", (code) => (resolve(code ?? -1), poke())));
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(re, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = `${err}\n${out}`.split("\n").find((l) => re.test(l));
          if (hit !== undefined) finish(() => resolve(hit));
          else if (done) finish(() => reject(new Error(`bridge exited before ${re}:\n${err}\n${out}`)));
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`timed out waiting for ${re}:\n${err}\n${out}`))), timeoutMs);
        const finish = (f: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          f();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
    signalGroup(signal) {
      if (!done) process.kill(-child.pid!, signal);
    },
  };
}
