// A V8 CPU profile of the server while it takes N creates (POST /api/v1/requests) from C agents,
// summarised by package and function. Usage: npx tsx bench/probes/submit-profile.ts [C=16] [N=2000] [sqlite|postgresql]
// (PostgreSQL needs DATABASE_URL=postgresql://…). The profile covers the server's start too; the
// CPU ms per create is measured over the creates only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ROOT } from "../../tests/helpers/server";
import { snapshotBuild } from "../lib/build";
import { makeToken, SUBMIT_BODY } from "../lib/fixtures";
import { startApp } from "../lib/server";
import { freshTarget } from "../lib/target";

const connections = Number(process.argv[2] || 16);
const amount = Number(process.argv[3] || 2000);
const provider = process.argv[4] === "postgresql" ? "postgresql" : "sqlite";
const build = await snapshotBuild();
const target = await freshTarget(provider, "profile");
const ask = makeToken(target.teamId, "a", "ask");
await target.insertTokens([ask.row]);
const dir = mkdtempSync(path.join(tmpdir(), "oq-bench-prof-"));
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log", cpuProfDir: dir });
const before = app.stats().cpuMs;
const result = await autocannon({
  url: `${app.url}/api/v1/requests`,
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${ask.token}` },
  body: JSON.stringify(SUBMIT_BODY),
  connections,
  amount,
});
const cpuMs = app.stats().cpuMs - before;
await app.stop();
console.log(`${result.requests.total} creates, ${result.non2xx} non-2xx, ${(cpuMs / result.requests.total).toFixed(2)} ms server CPU per create`);
const profile = path.join(dir, readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))!);
console.log(execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "bench/profile-summary.ts"), profile, "20"], { encoding: "utf8" }));
await target.dispose();
build.dispose();
