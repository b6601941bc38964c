// One mixed-waits run outside the full bench: N waits of every kind (mixed) or MCP calls alone (mcp)
// on one database, printing the scenario's row (RSS open and peak, opening time, re-waits, wave).
// Usage: npx tsx bench/probes/mixed.ts mixed|mcp [N=10000] [sqlite|postgresql]
import { snapshotBuild } from "../lib/build";
import { makeToken } from "../lib/fixtures";
import { startApp } from "../lib/server";
import { freshTarget, type Provider } from "../lib/target";
import { runMixed } from "../scenarios/mixed";

const mix = process.argv[2] === "mixed" ? "mixed" : "mcp";
const n = Number(process.argv[3] || 10_000);
const provider = (process.argv[4] ?? "sqlite") as Provider;
const build = await snapshotBuild();
const target = await freshTarget(provider, "mixed-probe");
const reviewer = makeToken(target.teamId, "probe-reviewer", "answer");
await target.insertTokens([reviewer.row]);
const start = (logName: string) => startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName });
try {
  const row = await runMixed({ target, start, reviewerToken: reviewer.token, log: (s) => console.log(s) }, mix, n);
  const { latencyMs, ...rest } = row;
  console.log(JSON.stringify({ ...rest, p99: latencyMs.p99 }));
} finally {
  await target.dispose();
  build.dispose();
}
