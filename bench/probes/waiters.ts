// One waiters run outside the full bench: N long-polls or event streams on one database, printing
// the scenario's row (RSS open, wake-up).
// Usage: npx tsx bench/probes/waiters.ts sse|long-poll [N=10000] [sqlite|postgresql]
import { copyFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { snapshotBuild } from "../lib/build";
import { makeToken } from "../lib/fixtures";
import { startApp } from "../lib/server";
import { freshTarget, type Provider } from "../lib/target";
import { runWaiters } from "../scenarios/waiters";

const mode = process.argv[2] === "long-poll" ? "long-poll" : "sse";
const n = Number(process.argv[3] || 10_000);
const provider = (process.argv[4] ?? "sqlite") as Provider;
const build = await snapshotBuild();
const target = await freshTarget(provider, "waiters-probe");
const reviewer = makeToken(target.teamId, "probe-reviewer", "answer");
await target.insertTokens([reviewer.row]);
const start = (logName: string) => startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName });
try {
  const row = await runWaiters({ target, start, reviewerToken: reviewer.token, log: (s) => console.log(s) }, mode, n);
  const { latencyMs, ...rest } = row;
  console.log(JSON.stringify({ ...rest, p99: latencyMs.p99 }));
} finally {
  // Keep the server's log (with BENCH_NODE_FLAGS=--trace-gc, its GCs) for a look before the data dir goes.
  const log = path.join(target.dataDir, `server-waiters-${mode}-${n}.log`);
  if (existsSync(log)) copyFileSync(log, path.join(tmpdir(), `oq-waiters-probe-${mode}-${n}.log`));
  await target.dispose();
  build.dispose();
}
