// Runs a real LangGraph JS dev server (`langgraphjs dev` from @langchain/langgraph-cli) serving the
// small graphs of tests/langgraph/src, from a scratch directory (its in-memory store and
// .langgraph_api live there, so every run starts empty and nothing is written into the repo).
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { freePort, ROOT } from "../server";

const BIN = path.join(ROOT, "node_modules/.bin/langgraphjs");
const GRAPHS = path.join(ROOT, "tests/langgraph");

export type LangGraphDev = { url: string; client: Client; logs: () => string; stop: () => Promise<void> };

export async function startLangGraph(opts: { startTimeoutMs?: number } = {}): Promise<LangGraphDev> {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-langgraph-"));
  const config = JSON.parse(readFileSync(path.join(GRAPHS, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };
  // Graph paths are read relative to the config file, even absolute-looking ones.
  for (const [id, ref] of Object.entries(config.graphs)) config.graphs[id] = path.relative(dir, path.join(GRAPHS, ref));
  writeFileSync(path.join(dir, "langgraph.json"), JSON.stringify(config));
  const port = await freePort();
  const logFile = path.join(dir, "dev.log");
  const out = createWriteStream(logFile);
  const child: ChildProcess = spawn(BIN, ["dev", "--port", String(port), "--host", "127.0.0.1", "--no-browser", "-n", "2", "-c", path.join(dir, "langgraph.json")], {
    cwd: dir,
    env: { ...process.env, LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: stop() ends the server and its workers together
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const logs = () => readFileSync(logFile, "utf8");
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`langgraphjs dev exited ${child.exitCode}:\n${logs()}`);
    const ok = await fetch(`${url}/ok`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`langgraphjs dev did not start:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* gone already */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* gone */
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url, client: new Client({ apiUrl: url, apiKey: null }), logs, stop };
}
