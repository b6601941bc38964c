// Where an open event stream's memory goes: opens N streams and prints the server's memory split
// (V8 heap used/total, external, array buffers, RSS) before and after, through the mem-report.cjs
// preload. V8 heap vs the rest tells JS objects from malloc'd memory (sockets, parsers, buffers).
// Usage: npx tsx bench/probes/sse-memory.ts [N=10000] [sqlite|postgresql]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { snapshotBuild } from "../lib/build";
import { makeToken } from "../lib/fixtures";
import { agent, openEvents, type SseStream } from "../lib/http";
import { settle, startApp } from "../lib/server";
import { sleep } from "../lib/stats";
import { freshTarget, type Provider } from "../lib/target";

const n = Number(process.argv[2] || 10_000);
const provider = (process.argv[3] ?? "sqlite") as Provider;
process.env.BENCH_NODE_FLAGS = `${process.env.BENCH_NODE_FLAGS ?? ""} --require ${path.join(import.meta.dirname, "mem-report.cjs")}`;
const build = await snapshotBuild();
const target = await freshTarget(provider, "sse-memory");
const tokens = Array.from({ length: n }, (_, i) => makeToken(target.teamId, `m${i}`, "ask"));
await target.insertTokens(tokens.map((t) => t.row));
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log" });
const report = path.join(build.dir, "mem-report.jsonl");
async function memory(label: string): Promise<void> {
  const lines = existsSync(report) ? readFileSync(report, "utf8").split("\n").filter(Boolean).length : 0;
  process.kill(app.pid, "SIGWINCH");
  for (;;) {
    await sleep(100);
    const all = existsSync(report) ? readFileSync(report, "utf8").split("\n").filter(Boolean) : [];
    if (all.length > lines) return void console.log(`${label.padEnd(8)} ${all.at(-1)}  peak ${app.stats().peakRssMb} MB`);
  }
}
const pool = agent();
const warm = openEvents({ base: app.url, token: tokens[0]!.token, agent: pool, onEvent: () => {} });
await warm.connected;
warm.close();
await settle(app.pid);
await memory("baseline");
const started = performance.now();
const cpuBefore = app.stats().cpuMs;
const streams: SseStream[] = [];
for (let i = 0; i < n; i += 250) {
  const batch = tokens.slice(i, Math.min(n, i + 250)).map((t) => openEvents({ base: app.url, token: t.token, agent: pool, onEvent: () => {} }));
  streams.push(...batch);
  await Promise.all(batch.map((s) => s.connected));
}
const openMs = performance.now() - started;
const cpu = app.stats().cpuMs - cpuBefore;
await settle(app.pid);
await memory("open");
console.log(`opened ${n} in ${(openMs / 1000).toFixed(1)} s, server CPU ${(cpu / n).toFixed(2)} ms per open`);
streams.forEach((s) => s.close());
pool.destroy();
await app.stop();
await target.dispose();
build.dispose();
