// A V8 CPU profile of the server while it takes N replies (POST /api/v1/requests/:id/reply) one at
// a time, summarised by package and function, with the server CPU ms per reply measured over the
// replies only (the creates come first). Usage: npx tsx bench/probes/reply-profile.ts [N=300] [sqlite|postgresql]
// (PostgreSQL needs DATABASE_URL=postgresql://…).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { QuestionRequest } from "../../lib/questions/schemas";
import { ROOT } from "../../tests/helpers/server";
import { snapshotBuild } from "../lib/build";
import { makeToken, REPLY_BODY, SUBMIT_BODY } from "../lib/fixtures";
import { agent, call, callJson } from "../lib/http";
import { startApp } from "../lib/server";
import { summarise } from "../lib/stats";
import { freshTarget } from "../lib/target";

const n = Number(process.argv[2] || 300);
const provider = process.argv[3] === "postgresql" ? "postgresql" : "sqlite";
const build = await snapshotBuild();
const target = await freshTarget(provider, "reply-profile");
const ask = makeToken(target.teamId, "a", "ask");
const answer = makeToken(target.teamId, "r", "answer");
await target.insertTokens([ask.row, answer.row]);
const dir = mkdtempSync(path.join(tmpdir(), "oq-bench-prof-"));
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log", cpuProfDir: dir });
const pool = agent();
const ids: string[] = [];
for (let i = 0; i < n; i++) ids.push((await callJson<QuestionRequest>({ base: app.url, method: "POST", path: "/api/v1/requests", token: ask.token, body: SUBMIT_BODY, agent: pool, expect: 201 })).id);
const before = app.stats().cpuMs;
const times: number[] = [];
for (const id of ids) {
  const sent = performance.now();
  const r = await call({ base: app.url, method: "POST", path: `/api/v1/requests/${id}/reply`, token: answer.token, body: REPLY_BODY, agent: pool });
  if (r.status !== 200) throw new Error(`reply → ${r.status} ${r.text}`);
  times.push(r.at - sent);
}
const cpuMs = app.stats().cpuMs - before;
pool.destroy();
await app.stop();
const s = summarise(times);
console.log(`${n} replies: round trip p50 ${s.p50} ms, p99 ${s.p99} ms; ${(cpuMs / n).toFixed(2)} ms server CPU per reply`);
const profile = path.join(dir, readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))!);
console.log(execFileSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "bench/profile-summary.ts"), profile, "25"], { encoding: "utf8" }));
console.log(`profile: ${profile}`);
await target.dispose();
build.dispose();
