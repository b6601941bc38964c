// `npm run test:pg`: the API suite and the multi-instance suite (with the fast insert's test) on
// PostgreSQL. TEST_PG_URL names a local server and a database we may connect to in order to create
// throw-away databases.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const url = process.env.TEST_PG_URL || "postgresql://questions:questions@127.0.0.1:5432/postgres";

// API files whose mechanism does not touch the database, so a second run on PostgreSQL proves
// nothing new and costs CI minutes (docs/decisions.md, "What the PostgreSQL suite leaves out").
// The runtimes and the client package test the mapping between their protocol and ours; what they
// store goes through the same domain code the other files cover on PostgreSQL, and tests/multi
// has LangGraph's PostgreSQL test.
const databaseAgnostic = [
  "wait-leak", // an in-process probe with no database at all
  "intake", // requests refused before any route
  "start", // npm's signal handling and the drain
  "shutdown", // the drain on SIGTERM: in-process waits and streams
  "config", // a bad setting stops the start before any database is opened
  "proxy", // which address a budget counts (X-Forwarded-For parsing)
  "dev-server", // npm run dev answers as npm start does: the HTTP layer over the same domain code
  "wait-shared", // waiters of one event share its parsed view: in-process
  "errors", // the wire format of every error status; the database outcomes (409, 410, 412) have their own files
  "bridge-codex",
  "bridge-opencode",
  "mcp-opencode",
  "claude-code-headless",
  "claude-code-hook",
  "claude-code-interactive",
  "langgraph",
  "agent-sdk", // the Claude Agent SDK through the client package
  "client-package", // the packed client and CLI installed outside the repository
].flatMap((name) => ["--exclude", `tests/api/${name}.test.ts`]);

// One project per run: each run's global setup creates its own database and exports its URL. The
// two runs go side by side (docs/decisions.md, "CI duration, round 2"): the API run leaves part of
// the two cores idle while its files wait on servers and timers, and the multi-instance run is
// mostly server starts and waits; one after the other they took ~540 s of a CI run.
const runs = [
  ["api", ["--project", "api", ...databaseAgnostic]],
  ["multi", ["--project", "multi"]],
];

/** Runs one vitest project, its output prefixed line by line; resolves to its exit status. */
function run([name, args]) {
  const child = spawn("npx", ["vitest", "run", ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TEST_PG_URL: url } });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: from }).on("line", (line) => to.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(runs.map(run));
process.exit(codes.find((c) => c !== 0) ?? 0);
