// `npm run test:pg`: the API suite and the multi-instance suite (with the fast insert's test) on
// PostgreSQL. TEST_PG_URL names a local server and a database we may connect to in order to create
// throw-away databases.
import { execFileSync } from "node:child_process";

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

// One project per run: each run's global setup creates its own database and exports its URL.
try {
  const runs = [["--project", "api", ...databaseAgnostic], ["--project", "multi"]];
  for (const args of runs) {
    execFileSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: { ...process.env, TEST_PG_URL: url } });
  }
} catch (e) {
  process.exit(typeof e.status === "number" ? e.status : 1);
}
