// Cold loads of /inbox only (the inbox scenario's part a), each printed with its breakdown, and the
// server's CPU per load. Usage: npx tsx bench/probes/inbox-loads.ts [loads=20] [open=1000] [sqlite|postgresql]
// (PostgreSQL needs DATABASE_URL=postgresql://…).
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { snapshotBuild } from "../lib/build";
import { makeToken, pendingRows } from "../lib/fixtures";
import { startApp } from "../lib/server";
import { freshTarget } from "../lib/target";
import { coldLoad, pct, reviewerCookie } from "../scenarios/inbox";

const loads = Number(process.argv[2] || 20);
const open = Number(process.argv[3] || 1000);
const provider = process.argv[4] === "postgresql" ? "postgresql" : "sqlite";
const build = await snapshotBuild();
const target = await freshTarget(provider, "inbox-loads");
const ask = makeToken(target.teamId, "a", "ask");
await target.insertTokens([ask.row]);
await target.insertRequests(pendingRows(target.teamId, Array.from({ length: open }, () => ask.row.id)));
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server.log" });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  const cookies = await reviewerCookie({ base: app.url, target });
  const lcp: number[] = [];
  for (let i = 0; i < loads + 1; i++) {
    const cpu = app.stats().cpuMs;
    const l = await coldLoad(browser, cookies, app.url);
    const serverMs = app.stats().cpuMs - cpu;
    if (i > 0) lcp.push(l.lcpMs);
    console.log(`${i === 0 ? "warm" : String(i).padStart(4)}: LCP ${l.lcpMs} (${l.lcpElement}) ttfb ${l.ttfbMs} done ${l.htmlDoneMs} FCP ${l.fcpMs} DCL ${l.dclMs} long tasks before LCP ${l.longTaskMs} ms; document ${l.documentKb} KB, JS ${l.scriptKb} KB; server CPU ${serverMs} ms`);
  }
  // The server's part alone: the same page fetched without a browser, first byte and last.
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const first: number[] = [];
  const last: number[] = [];
  const cpu = app.stats().cpuMs;
  for (let i = 0; i < loads; i++) {
    const t0 = performance.now();
    const res = await fetch(`${app.url}/inbox`, { headers: { cookie, "accept-encoding": "br" } });
    const reader = res.body!.getReader();
    let firstAt = 0;
    for (;;) {
      const { done } = await reader.read();
      if (!firstAt) firstAt = performance.now() - t0;
      if (done) break;
    }
    first.push(firstAt);
    last.push(performance.now() - t0);
  }
  const f = pct(first);
  const l = pct(last);
  console.log(`server alone: first byte p50 ${f.p50} p95 ${f.p95} ms, last byte p50 ${l.p50} p95 ${l.p95} ms, CPU ${Math.round((app.stats().cpuMs - cpu) / loads)} ms a page`);
  const p = pct(lcp);
  console.log(`${provider}, ${open} open: LCP p50 ${p.p50} p95 ${p.p95} max ${p.max} ms (${p.n} loads)`);
} finally {
  await browser.close();
  await app.stop();
  await target.dispose();
  build.dispose();
}
