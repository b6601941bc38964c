// What one open wait costs in the server's JS heap: heap snapshots before and after opening N
// waits (SSE streams, long-polls or MCP get_answer calls), diffed by object type, divided by N.
// Usage: npx tsx bench/probes/heap.ts sse|long-poll|mcp [N=1000] [sqlite|postgresql]
import { copyFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { snapshotBuild } from "../lib/build";
import { makeToken, pendingRows, SUBMIT_BODY } from "../lib/fixtures";
import { agent, call, openEvents, type SseStream } from "../lib/http";
import { callMcpTool, openMcpSession } from "../lib/mcp-client";
import { settle, startApp } from "../lib/server";
import { sleep } from "../lib/stats";
import { freshTarget, type Provider } from "../lib/target";

const mode = process.argv[2] === "long-poll" || process.argv[2] === "mcp" ? process.argv[2] : "sse";
const n = Number(process.argv[3] || 1000);
const provider = (process.argv[4] ?? "sqlite") as Provider;
process.env.BENCH_NODE_FLAGS = "--heapsnapshot-signal=SIGUSR2";
const build = await snapshotBuild();
const target = await freshTarget(provider, "heap");
const tokens = Array.from({ length: n + 1 }, (_, i) => makeToken(target.teamId, `t${i}`, "ask"));
await target.insertTokens(tokens.map((t) => t.row));
const rows = pendingRows(target.teamId, tokens.map((t) => t.row.id));
await target.insertRequests(rows);
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log" });
const pool = agent();
const spare = tokens[n]!;
await call({ base: app.url, method: "POST", path: "/api/v1/requests", token: spare.token, body: SUBMIT_BODY, agent: pool });
const warm = openEvents({ base: app.url, token: spare.token, agent: pool, onEvent: () => {} });
await warm.connected;
warm.close();
await call({ base: app.url, method: "GET", path: `/api/v1/requests/${rows[n]!.id}?wait=0`, token: spare.token, agent: pool });
await callMcpTool(await openMcpSession(app.url, spare.token, pool), pool, "get_answer", { requestId: rows[n]!.id, waitSeconds: 0 });
await settle(app.pid);

/** Signals the server and waits for its snapshot file (written into its working directory). */
async function snapshot(): Promise<string> {
  const before = new Set(readdirSync(build.dir));
  process.kill(app.pid, "SIGUSR2");
  for (;;) {
    await sleep(500);
    const file = readdirSync(build.dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (!file) continue;
    const p = path.join(build.dir, file);
    const size = statSync(p).size;
    await sleep(1500);
    if (size > 0 && statSync(p).size === size) return p;
  }
}

type Totals = Map<string, { size: number; count: number }>;
function totals(file: string): { byKind: Totals; bytes: number } {
  const h = JSON.parse(readFileSync(file, "utf8")) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = h.snapshot.meta.node_fields;
  const types = h.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt, width] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size"), fields.length];
  const byKind: Totals = new Map();
  let bytes = 0;
  for (let i = 0; i < h.nodes.length; i += width) {
    const type = types[h.nodes[i + typeAt]!]!;
    const name = type.includes("string") ? "(string)" : type === "code" ? "(code)" : h.strings[h.nodes[i + nameAt]!]!.slice(0, 60);
    const size = h.nodes[i + sizeAt]!;
    bytes += size;
    const e = byKind.get(`${type}:${name}`) ?? { size: 0, count: 0 };
    e.size += size;
    e.count++;
    byKind.set(`${type}:${name}`, e);
  }
  return { byKind, bytes };
}

const before = totals(await snapshot());
const rssBefore = app.stats().rssMb;
const streams: SseStream[] = [];
const abort = new AbortController();
if (mode === "sse") {
  for (let i = 0; i < n; i += 250) {
    const batch = tokens.slice(i, Math.min(n, i + 250)).map((t) => openEvents({ base: app.url, token: t.token, agent: pool, onEvent: () => {} }));
    streams.push(...batch);
    await Promise.all(batch.map((s) => s.connected));
  }
} else if (mode === "mcp") {
  for (let i = 0; i < n; i += 250) {
    const batch = tokens.slice(i, Math.min(n, i + 250)).map((t) => openMcpSession(app.url, t.token, pool));
    for (const [j, session] of (await Promise.all(batch)).entries()) void callMcpTool(session, pool, "get_answer", { requestId: rows[i + j]!.id }, abort.signal).catch(() => {});
  }
} else {
  for (let i = 0; i < n; i++) {
    void call({ base: app.url, method: "GET", path: `/api/v1/requests/${rows[i]!.id}?wait=60`, token: tokens[i]!.token, agent: pool, signal: abort.signal }).catch(() => {});
  }
}
await settle(app.pid);
const afterFile = await snapshot();
if (process.env.HEAP_KEEP) copyFileSync(afterFile, process.env.HEAP_KEEP); // for a look at retainers
const after = totals(afterFile);
console.log(`${n} ${mode} waits: live JS heap +${Math.round((after.bytes - before.bytes) / 1024 / n)} KB per wait; RSS ${rssBefore} → ${app.stats().rssMb} MB (snapshots themselves inflate RSS)`);
const diff = [...after.byKind].map(([k, v]) => ({ k, size: v.size - (before.byKind.get(k)?.size ?? 0), count: v.count - (before.byKind.get(k)?.count ?? 0) }));
for (const d of diff.sort((a, b) => b.size - a.size).slice(0, 30)) {
  console.log(`${String(Math.round(d.size / n)).padStart(7)} B  ${(d.count / n).toFixed(1).padStart(6)} objects  ${d.k}`);
}
abort.abort();
streams.forEach((s) => s.close());
pool.destroy();
await app.stop();
await target.dispose();
build.dispose();
