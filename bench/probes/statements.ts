// Counts the SQL statements behind one API call on SQLite, from the Prisma adapter's debug log.
// Usage: npx tsx bench/probes/statements.ts
import { readFileSync } from "node:fs";
import { snapshotBuild } from "../lib/build";
import { makeToken, REPLY_BODY, SUBMIT_BODY } from "../lib/fixtures";
import { agent, call, callJson } from "../lib/http";
import { startApp } from "../lib/server";
import { sleep } from "../lib/stats";
import { freshTarget } from "../lib/target";

process.env.DEBUG = "prisma:driver-adapter:better-sqlite3"; // inherited by the server
const build = await snapshotBuild();
const target = await freshTarget("sqlite", "statements");
const [ask, answer, read] = [makeToken(target.teamId, "a", "ask"), makeToken(target.teamId, "r", "answer"), makeToken(target.teamId, "rd", "read")];
await target.insertTokens([ask.row, answer.row, read.row]);
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log" });
const pool = agent();
const create = () => callJson<{ id: string }>({ base: app.url, method: "POST", path: "/api/v1/requests", token: ask.token, body: SUBMIT_BODY, agent: pool, expect: 201 });

/**
 * Runs `setup` then `fn` twice (the first round warms up and writes lastUsedAt) and prints the
 * statements `fn` issued in the second.
 */
async function count(label: string, fn: () => Promise<unknown>, setup: () => Promise<unknown> = async () => {}): Promise<void> {
  await setup();
  await fn();
  await setup();
  await sleep(300);
  const from = readFileSync(app.logFile, "utf8").length;
  await fn();
  await sleep(300);
  const text = readFileSync(app.logFile, "utf8").slice(from);
  const calls = [...text.matchAll(/\[js::(\w+)\]([^\n]*\n(?:\s*'[^\n]*\n){0,2})/g)].map((m) => {
    const sql = /"sql": "([^"]*)/.exec(m[2] ?? "")?.[1] ?? "";
    return `${m[1]} ${sql.replace(/`main`\./g, "").slice(0, 110)}`;
  });
  console.log(`\n${label}: ${calls.length} adapter calls`);
  for (const c of calls) console.log(`  ${c}`);
}

await count("POST /api/v1/requests", create);
let id = "";
await count(
  "POST /api/v1/requests/:id/reply",
  () => call({ base: app.url, method: "POST", path: `/api/v1/requests/${id}/reply`, token: answer.token, body: REPLY_BODY, agent: pool }),
  async () => {
    id = (await create()).id;
  },
);
await count("GET /api/v1/requests/:id?wait=1 (already answered)", () => call({ base: app.url, method: "GET", path: `/api/v1/requests/${id}?wait=1`, token: ask.token, agent: pool }));
await count("GET /api/v1/requests (history page)", () => call({ base: app.url, method: "GET", path: "/api/v1/requests", token: read.token, agent: pool }));
pool.destroy();
await app.stop();
await target.dispose();
build.dispose();
