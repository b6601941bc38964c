// Where the time of "a request shows in an open inbox" goes: one inbox open in Chromium, requests
// created through the API one after another, and for each: sent → a Node reader of the same
// /api/ui/events got the event → Chromium's network layer got it (CDP) → the page's listener ran →
// the row was in the DOM; and the server's own time per create (its log). Run:
// npx tsx bench/probes/inbox-live.ts [samples] (DATABASE_URL for PostgreSQL); PROBE_PAGE_PROF=<file>
// writes the page's CPU profile (bench/profile-summary.ts reads it), PROBE_TRACE=<file> a Chromium
// trace, PROBE_CPU_PROF=<dir> the server's CPU profiles.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { admin } from "../../tests/helpers/cli";
import { signIn } from "../../tests/helpers/session";
import { snapshotBuild } from "../lib/build";
import { makeToken, pendingRows } from "../lib/fixtures";
import { agent, callJson } from "../lib/http";
import { startApp } from "../lib/server";
import { sleep } from "../lib/stats";
import { freshTarget } from "../lib/target";
import { pct } from "../scenarios/inbox";

const samples = Number(process.argv[2] || 60);
const wallMs = () => performance.timeOrigin + performance.now();
const provider = process.env.DATABASE_URL?.startsWith("postgres") ? "postgresql" : "sqlite";

const build = await snapshotBuild();
const target = await freshTarget(provider, "inbox-live");
const tok = makeToken(target.teamId, "probe-agent", "ask");
await target.insertTokens([tok.row]);
await target.insertRequests(pendingRows(target.teamId, Array.from({ length: 100 }, () => tok.row.id)));
const app = await startApp({ appDir: build.dir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName: "server-probe.log", cpuProfDir: process.env.PROBE_CPU_PROF });
const base = app.url;
const email = `probe-${randomUUID().slice(0, 8)}@example.test`;
const password = `pw-${randomUUID()}`;
const made = admin(target.dataDir, ["user", "create", email, "--password", password, "--team", "default", "--role", "reviewer"], { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
if (made.code !== 0) throw new Error(made.stderr);
const cookie = await signIn(base, email, password);

// The Node reader: when each request.created reached a plain client of the same stream.
const nodeAt = new Map<string, number>();
const u = new URL(`${base}/api/ui/events`);
http.get({ host: u.hostname, port: u.port, path: u.pathname, headers: { cookie } }, (res) => {
  let buf = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    const at = wallMs();
    buf += chunk;
    let i;
    while ((i = buf.indexOf("\n\n")) !== -1) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (data && block.includes("event: request.created")) nodeAt.set((JSON.parse(data.slice(6)) as { requestId: string }).requestId, at);
    }
  });
});

const PROBES = `(() => {
  const oq = (window.__oq = { rows: {}, sse: {} });
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== "request.created" || typeof listener !== "function") return add.call(this, type, listener, options);
    return add.call(this, type, function (m) {
      const at = performance.timeOrigin + performance.now();
      try { oq.sse[JSON.parse(m.data).requestId] ??= at; performance.mark("oq-sse"); } catch {}
      return listener.call(this, m);
    }, options);
  };
  new MutationObserver((records) => {
    const at = performance.timeOrigin + performance.now();
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element)
      for (const a of n.matches("a[data-inbox-row]") ? [n] : n.querySelectorAll("a[data-inbox-row]")) { oq.rows[a.getAttribute("href").slice(7)] ??= at; performance.mark("oq-row"); }
  }).observe(document, { childList: true, subtree: true });
})();`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addCookies(cookie.split("; ").map((kv) => ({ name: kv.slice(0, kv.indexOf("=")), value: kv.slice(kv.indexOf("=") + 1), url: base })));
await context.addInitScript({ content: PROBES });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Network.enable");
// CDP's network times are monotonic seconds; the EventSource request's wallTime maps them to the wall clock.
let offset = NaN;
const netAt = new Map<string, number>();
cdp.on("Network.requestWillBeSent", (e) => {
  if (e.request.url.includes("/api/ui/events")) offset = e.wallTime * 1000 - e.timestamp * 1000;
});
cdp.on("Network.eventSourceMessageReceived", (e) => {
  if (e.eventName === "request.created") netAt.set((JSON.parse(e.data) as { requestId: string }).requestId, e.timestamp * 1000 + offset);
});
await page.goto(`${base}/inbox`);
await page.getByText("Live", { exact: true }).waitFor();

const pool = agent();
if (process.env.PROBE_PAGE_PROF) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
}
if (process.env.PROBE_TRACE) await browser.startTracing(page, { path: process.env.PROBE_TRACE, categories: ["devtools.timeline", "blink.user_timing", "v8.execute", "disabled-by-default-devtools.timeline", "toplevel"] });
const parts = { node: [] as number[], net: [] as number[], listener: [] as number[], row: [] as number[], netToListener: [] as number[], listenerToRow: [] as number[] };
for (let i = 0; i < samples + 3; i++) {
  const sent = wallMs();
  const r = await callJson<{ id: string }>({ base, method: "POST", path: "/api/v1/requests", token: tok.token, agent: pool, expect: 201, body: { title: `Live probe ${i}`, agent: { name: "probe" }, questions: [{ id: "ok", header: "OK", prompt: "Proceed?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] } });
  let t: { row?: number; sse?: number } = {};
  for (const deadline = Date.now() + 10_000; !t.row && Date.now() < deadline; await sleep(20)) t = (await page.evaluate(`({ row: window.__oq.rows[${JSON.stringify(r.id)}], sse: window.__oq.sse[${JSON.stringify(r.id)}] })`)) as typeof t;
  await sleep(30);
  if (i >= 3 && t.row && t.sse) {
    parts.node.push(nodeAt.get(r.id)! - sent);
    parts.net.push(netAt.get(r.id)! - sent);
    parts.listener.push(t.sse - sent);
    parts.row.push(t.row - sent);
    parts.netToListener.push(t.sse - netAt.get(r.id)!);
    parts.listenerToRow.push(t.row - t.sse);
  }
  await callJson({ base, method: "POST", path: `/api/v1/requests/${r.id}/cancel`, token: tok.token, agent: pool, body: {} });
}
if (process.env.PROBE_TRACE) await browser.stopTracing();
if (process.env.PROBE_PAGE_PROF) writeFileSync(process.env.PROBE_PAGE_PROF, JSON.stringify((await cdp.send("Profiler.stop")).profile));
for (const [k, v] of Object.entries(parts)) console.log(`${k.padEnd(14)} ${JSON.stringify(pct(v))}`);
await browser.close();
pool.destroy();
await app.stop();
// The server's own time for each create (its log line), to split the path before the message.
const creates = readFileSync(path.join(target.dataDir, "server-probe.log"), "utf8").split("\n").filter((l) => l.includes('"method":"POST"') && l.includes('"path":"/api/v1/requests"')).map((l) => (JSON.parse(l) as { ms: number }).ms);
console.log(`server create ${JSON.stringify(pct(creates))}`);
await target.dispose();
build.dispose();
process.exit(0);
