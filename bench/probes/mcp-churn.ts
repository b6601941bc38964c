// What one MCP wait costs the server's CPU from start to end: W agents on MCP sessions call
// get_answer in a loop for S seconds with MCP_WAIT_SECONDS=1, so every call opens, parks, times out
// and answers `pending`; server CPU time / calls is the cost of one wait (a long-poll ?wait=1 loop
// for comparison). With CHURN_PROF=dir the server writes a V8 CPU profile there.
// Usage: npx tsx bench/probes/mcp-churn.ts mcp|long-poll [W=200] [S=20] [sqlite|postgresql]
import { snapshotBuild } from "../lib/build";
import { agent, call } from "../lib/http";
import { makeToken, pendingRows } from "../lib/fixtures";
import { callMcpTool, openMcpSession } from "../lib/mcp-client";
import { settle, startApp } from "../lib/server";
import { freshTarget, type Provider } from "../lib/target";

const mode = process.argv[2] === "long-poll" ? "long-poll" : "mcp";
const w = Number(process.argv[3] || 200);
const seconds = Number(process.argv[4] || 20);
const provider = (process.argv[5] ?? "sqlite") as Provider;
process.env.MCP_WAIT_SECONDS = "1";
const build = await snapshotBuild();
const target = await freshTarget(provider, "mcp-churn");
const token = makeToken(target.teamId, "churn", "ask");
await target.insertTokens([token.row]);
const [row] = pendingRows(target.teamId, [token.row.id]);
await target.insertRequests([row!]);
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log", cpuProfDir: process.env.CHURN_PROF });
const pool = agent();
try {
  const sessions = await Promise.all(Array.from({ length: w }, () => openMcpSession(app.url, token.token, pool)));
  await settle(app.pid);
  const before = app.stats();
  const end = Date.now() + seconds * 1000;
  let calls = 0;
  let bad = 0;
  await Promise.all(
    sessions.map(async (session) => {
      while (Date.now() < end) {
        if (mode === "mcp") {
          const r = await callMcpTool(session, pool, "get_answer", { requestId: row!.id });
          if (r.result?.structuredContent?.status !== "pending") bad++;
        } else {
          const r = await call({ base: app.url, method: "GET", path: `/api/v1/requests/${row!.id}?wait=1`, token: token.token, agent: pool });
          if (r.status !== 200) bad++;
        }
        calls++;
      }
    }),
  );
  const after = app.stats();
  console.log(`${mode} ${provider}: ${calls} waits of 1 s by ${w} agents in ${seconds} s, ${bad} not pending; server CPU ${Math.round(after.cpuMs - before.cpuMs)} ms = ${((after.cpuMs - before.cpuMs) / calls).toFixed(2)} ms a wait; RSS ${before.rssMb} → ${after.rssMb} MB (peak ${after.peakRssMb})`);
} finally {
  pool.destroy();
  await app.stop();
  await target.dispose();
  build.dispose();
}
