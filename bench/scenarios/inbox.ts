// The inbox in the browser (issue 27 goals 4 and 5), measured in Debian's Chromium through the
// DevTools protocol: cold loads of /inbox with 1,000 open requests (largest contentful paint, the
// JavaScript bytes on the wire), then with one inbox open: a request made through the API, a Claude
// Code hook call and an MCP ask_human call, each from the moment it is sent to its row in the DOM;
// and answering (Submit clicked → the confirmation in the DOM), timed inside the page.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { admin } from "../../tests/helpers/cli";
import { signIn } from "../../tests/helpers/session";
import { connectMcp } from "../../tests/helpers/runtimes/mcp-client";
import { INBOX_FIRST } from "../../lib/questions/inbox-pages";
import { pendingRows } from "../lib/fixtures";
import { agent, call, callJson } from "../lib/http";
import { round, sleep } from "../lib/stats";
import type { Target } from "../lib/target";

export type Pct = { n: number; p50: number; p95: number; max: number };
export type InboxLoad = { lcpMs: number; lcpElement: string; ttfbMs: number; htmlDoneMs: number; fcpMs: number; dclMs: number; longTaskMs: number; scriptKb: number; scripts: number; uncompressedScripts: number; documentKb: number };
export type InboxResult = {
  openRequests: number;
  loads: InboxLoad[];
  lcpMs: Pct;
  scriptKb: number;
  uncompressedScripts: number;
  acceptEncoding: string;
  createdToRowMs: Pct;
  /** The same samples up to the request.created message reaching the page's EventSource. */
  createdToMessageMs: Pct;
  submitToConfirmationMs: Pct;
  hookToRowMs: Pct;
  mcpToRowMs: Pct;
  backgroundRows: number;
};

type Ctx = { base: string; target: Target; agentToken: string; agentTokenId: string; openRequests: number; loads: number; samples: number; log: (s: string) => void };

/** Nearest-rank percentiles, as lib/stats.ts, with the p95 the goals name. */
export function pct(samples: number[]): Pct {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  return { n: s.length, p50: round(at(50)), p95: round(at(95)), max: round(s.at(-1) ?? NaN) };
}

/** Wall-clock milliseconds with sub-ms resolution, comparable with the page's timeOrigin + now(). */
const wallMs = () => performance.timeOrigin + performance.now();
const WARM = 3;

export async function reviewerCookie(ctx: Pick<Ctx, "base" | "target">): Promise<{ name: string; value: string; url: string }[]> {
  const email = `bench-reviewer-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const made = admin(ctx.target.dataDir, ["user", "create", email, "--password", password, "--team", "default", "--role", "reviewer"], { DATA_DIR: ctx.target.dataDir, DATABASE_URL: ctx.target.databaseUrl });
  if (made.code !== 0) throw new Error(`user create: ${made.stderr}`);
  const header = await signIn(ctx.base, email, password);
  return header.split("; ").map((kv) => ({ name: kv.slice(0, kv.indexOf("=")), value: kv.slice(kv.indexOf("=") + 1), url: ctx.base }));
}

// Installed before any page script: LCP entries, and every inbox row added to the DOM with the
// wall-clock time it appeared (a MutationObserver runs before the next paint). Plain JavaScript
// text: a function passed to addInitScript would carry the bench's transpiler helpers along.
const PAGE_PROBES = `(() => {
  const oq = (window.__oq = { lcp: [], rows: [], sse: {}, long: [] });
  // Main-thread tasks over 50 ms (parsing, script, layout), to tell the browser's share of a slow load.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) oq.long.push({ t: e.startTime, d: e.duration });
  }).observe({ type: "longtask", buffered: true });
  // When each request.created message reached the page, to split the live path in two.
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== "request.created" || typeof listener !== "function") return add.call(this, type, listener, options);
    return add.call(this, type, function (m) {
      const at = performance.timeOrigin + performance.now();
      try { oq.sse[JSON.parse(m.data).requestId] ??= at; } catch {}
      return listener.call(this, m);
    }, options);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      oq.lcp.push({ t: e.startTime, el: el ? el.tagName.toLowerCase() + " “" + (el.textContent || "").trim().slice(0, 40) + "”" : "?" });
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const seen = new Set();
  const scan = (root) => {
    const at = performance.timeOrigin + performance.now();
    const rows = root.matches("a[data-inbox-row]") ? [root] : [...root.querySelectorAll("a[data-inbox-row]")];
    for (const a of rows) {
      const href = a.getAttribute("href") || "";
      if (seen.has(href)) continue;
      seen.add(href);
      oq.rows.push({ href, text: a.textContent || "", at });
    }
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) scan(n);
  }).observe(document, { childList: true, subtree: true });
})();`;

async function newContext(browser: Browser, cookies: Awaited<ReturnType<typeof reviewerCookie>>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookies);
  await context.addInitScript({ content: PAGE_PROBES });
  return context;
}

/** One cold load of /inbox in a new context: LCP and what the Network domain saw. */
export async function coldLoad(browser: Browser, cookies: Awaited<ReturnType<typeof reviewerCookie>>, base: string): Promise<InboxLoad & { acceptEncoding: string }> {
  const context = await newContext(browser, cookies);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const kinds = new Map<string, { type: string; encoded: boolean }>();
    let acceptEncoding = "";
    let scriptBytes = 0;
    let scripts = 0;
    let uncompressed = 0;
    let documentBytes = 0;
    cdp.on("Network.requestWillBeSentExtraInfo", (e) => {
      const h = Object.entries(e.headers).find(([k]) => k.toLowerCase() === "accept-encoding");
      if (h && !acceptEncoding) acceptEncoding = String(h[1]);
    });
    cdp.on("Network.responseReceived", (e) => {
      const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1];
      kinds.set(e.requestId, { type: e.type, encoded: Boolean(enc) });
    });
    cdp.on("Network.loadingFinished", (e) => {
      const k = kinds.get(e.requestId);
      if (k?.type === "Script") {
        scriptBytes += e.encodedDataLength;
        scripts++;
        if (!k.encoded) uncompressed++;
      } else if (k?.type === "Document") documentBytes += e.encodedDataLength;
    });
    await page.goto(`${base}/inbox`, { waitUntil: "load" });
    await page.getByRole("list", { name: "Pending requests" }).waitFor();
    await page.waitForLoadState("networkidle");
    const lcp = (await page.evaluate("window.__oq.lcp.at(-1) || null")) as { t: number; el: string } | null;
    if (!lcp) throw new Error("no largest-contentful-paint entry");
    // Where the time went: first byte of the page, its last byte, first paint, the parsed document,
    // and the long main-thread tasks that started before the largest paint.
    const nav = (await page.evaluate(`(() => {
      const n = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      const long = window.__oq.long.filter((e) => e.t < ${lcp.t}).reduce((a, e) => a + e.d, 0);
      return { ttfb: n.responseStart, done: n.responseEnd, fcp: fcp ? fcp.startTime : NaN, dcl: n.domContentLoadedEventEnd, long };
    })()`)) as { ttfb: number; done: number; fcp: number; dcl: number; long: number };
    return { lcpMs: round(lcp.t), lcpElement: lcp.el, ttfbMs: round(nav.ttfb), htmlDoneMs: round(nav.done), fcpMs: round(nav.fcp), dclMs: round(nav.dcl), longTaskMs: round(nav.long), scriptKb: round(scriptBytes / 1000, 1), scripts, uncompressedScripts: uncompressed, documentKb: round(documentBytes / 1000, 1), acceptEncoding };
  } finally {
    await context.close();
  }
}

// Clicks Submit and resolves with the milliseconds until a new "Answer sent to …" notice is in the DOM.
const SUBMIT_AND_TIME = `new Promise((resolve, reject) => {
  const shown = () => [...document.querySelectorAll("[role=status]")].map((e) => e.textContent || "").find((t) => t.startsWith("Answer sent to"));
  const before = shown();
  const button = [...document.querySelectorAll("button")].find((b) => (b.textContent || "").trim() === "Submit");
  if (!button) return reject(new Error("no Submit button"));
  const t0 = performance.now();
  const mo = new MutationObserver(() => {
    const now = shown();
    if (now && now !== before) {
      mo.disconnect();
      resolve(performance.now() - t0);
    }
  });
  mo.observe(document.body, { childList: true, subtree: true, characterData: true });
  button.click();
})`;

type Row = { href: string; text: string; at: number; sseAt?: number };

/** Waits until a row whose text contains `marker` is in the open page's DOM; its wall-clock time. */
async function rowSeen(page: Page, marker: string): Promise<Row> {
  const find = `(() => { const r = window.__oq.rows.find((r) => r.text.includes(${JSON.stringify(marker)})); return r ? { ...r, sseAt: window.__oq.sse[r.href.slice(7)] } : null; })()`;
  // Polled from here: waitForFunction would eval the text in the page, which its CSP forbids. The
  // time is the page's own record, so the polling interval does not enter the figure.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = (await page.evaluate(find)) as Row | null;
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`no inbox row with ${marker}`);
    await sleep(20);
  }
}

export async function runInbox(ctx: Ctx): Promise<InboxResult> {
  const { base, target, log } = ctx;
  const pool = agent();
  const api = (method: "GET" | "POST", path: string, body?: unknown, expect = 200) => callJson<{ id: string }>({ base, method, path, token: ctx.agentToken, body, agent: pool, expect });
  const cancel = (href: string) => api("POST", `/api/v1/requests/${href.slice("/inbox/".length)}/cancel`, {});
  const cookies = await reviewerCookie(ctx);
  // What the open inbox shows meanwhile: rows to answer in (c), all within the page's first
  // INBOX_FIRST rows — past them the list is cut short and a new request (the newest, last in the
  // oldest-first list) is counted at once but drawn only when the reviewer reaches the end.
  const background = INBOX_FIRST - 2;
  if (ctx.samples + WARM >= background) throw new Error(`at most ${background - WARM - 1} samples: the rows answered must fit in the page's first ${INBOX_FIRST}`);
  await target.insertRequests(pendingRows(target.teamId, Array.from({ length: background }, () => ctx.agentTokenId)));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  try {
    const context = await newContext(browser, cookies);
    const page = await context.newPage();
    await page.goto(`${base}/inbox`);
    await page.getByText("Live", { exact: true }).waitFor();
    const tag = randomUUID().slice(0, 8);

    // (b) a request made through the API → its row.
    const created: number[] = [];
    const toMessage: number[] = [];
    for (let i = 0; i < ctx.samples + WARM; i++) {
      const marker = `api-${tag}-${i}`;
      const sent = wallMs();
      await api("POST", "/api/v1/requests", { title: `Live probe ${marker}`, agent: { name: "bench-live" }, questions: [{ id: "ok", header: "OK", prompt: "Proceed?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] }, 201);
      const row = await rowSeen(page, marker);
      if (i >= WARM) created.push(row.at - sent);
      if (i >= WARM && row.sseAt) toMessage.push(row.sseAt - sent);
      await cancel(row.href);
    }
    log(`  API request → row p50 ${pct(created).p50} ms, p95 ${pct(created).p95} ms (→ its event in the page p50 ${pct(toMessage).p50} ms, p95 ${pct(toMessage).p95} ms)`);

    // (d) a Claude Code PermissionRequest hook call → its row (the hook waits; cancelled after).
    const hook: number[] = [];
    for (let i = 0; i < ctx.samples + WARM; i++) {
      const marker = `hook-${tag}-${i}`;
      const abort = new AbortController();
      const body = { session_id: marker, transcript_path: "/tmp/s.jsonl", cwd: "/work/project", permission_mode: "default", hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: `echo ${marker}`, description: "Bench probe" } };
      const sent = wallMs();
      const waiting = call({ base, method: "POST", path: "/api/v1/hooks/claude-code?timeout=60", token: ctx.agentToken, body, agent: pool, signal: abort.signal }).catch(() => null);
      const row = await rowSeen(page, marker);
      if (i >= WARM) hook.push(row.at - sent);
      await cancel(row.href);
      await waiting;
    }
    log(`  hook → row p50 ${pct(hook).p50} ms, p95 ${pct(hook).p95} ms`);

    // (d) an MCP ask_human call → its row.
    const mcp = await connectMcp(base, ctx.agentToken, "bench-mcp");
    const mcpMs: number[] = [];
    try {
      for (let i = 0; i < ctx.samples + WARM; i++) {
        const marker = `mcp-${tag}-${i}`;
        const abort = new AbortController();
        const sent = wallMs();
        const waiting = mcp.client
          .callTool({ name: "ask_human", arguments: { title: `MCP probe ${marker}`, questions: [{ id: "ok", header: "OK", prompt: "Proceed?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] } }, undefined, { signal: abort.signal })
          .catch(() => null);
        const row = await rowSeen(page, marker);
        if (i >= WARM) mcpMs.push(row.at - sent);
        await cancel(row.href);
        await waiting;
      }
    } finally {
      await mcp.close();
    }
    log(`  ask_human → row p50 ${pct(mcpMs).p50} ms, p95 ${pct(mcpMs).p95} ms`);

    // (c) answering: the background rows one after another (Submit moves on to the next one).
    const submit: number[] = [];
    const first = await page.locator("a[data-inbox-row]").first().getAttribute("href");
    await page.goto(`${base}${first}`);
    for (let i = 0; i < ctx.samples + WARM; i++) {
      const url = page.url();
      await page.getByRole("radio", { name: "PostgreSQL" }).check();
      const ms = (await page.evaluate(SUBMIT_AND_TIME)) as number;
      if (i >= WARM) submit.push(ms);
      await page.waitForURL((u) => u.toString() !== url);
      await page.getByRole("radio", { name: "PostgreSQL" }).waitFor();
    }
    log(`  Submit → confirmation p50 ${pct(submit).p50} ms, p95 ${pct(submit).p95} ms`);
    await context.close();

    // (a) cold loads with `openRequests` open.
    const open = Number((await target.query(`SELECT count(*) AS n FROM "QuestionRequest" WHERE "status" = 'pending'`))[0]!.n);
    if (open < ctx.openRequests) await target.insertRequests(pendingRows(target.teamId, Array.from({ length: ctx.openRequests - open }, () => ctx.agentTokenId)));
    const loads: InboxLoad[] = [];
    let acceptEncoding = "";
    for (let i = 0; i < ctx.loads + 1; i++) {
      const { acceptEncoding: ae, ...load } = await coldLoad(browser, cookies, base);
      acceptEncoding = ae;
      if (i > 0) loads.push(load); // the first load warms the server's route code
      log(`    load ${i || "warm"}: LCP ${load.lcpMs} ms, first byte ${load.ttfbMs}, last byte ${load.htmlDoneMs}, FCP ${load.fcpMs}, DOMContentLoaded ${load.dclMs}, long tasks before LCP ${load.longTaskMs} ms; document ${load.documentKb} KB`);
      await sleep(100);
    }
    const lcp = pct(loads.map((l) => l.lcpMs));
    const scriptKb = Math.max(...loads.map((l) => l.scriptKb));
    log(`  cold /inbox with ${ctx.openRequests} open: LCP p50 ${lcp.p50} ms, p95 ${lcp.p95} ms (${loads[0]?.lcpElement}; first byte ${loads[0]?.ttfbMs} ms, last byte ${loads[0]?.htmlDoneMs} ms, FCP ${loads[0]?.fcpMs} ms); JavaScript ${scriptKb} KB in ${loads[0]?.scripts} scripts (${loads[0]?.uncompressedScripts} uncompressed), document ${loads[0]?.documentKb} KB; Accept-Encoding: ${acceptEncoding}`);
    return {
      openRequests: ctx.openRequests,
      loads,
      lcpMs: lcp,
      scriptKb,
      uncompressedScripts: Math.max(...loads.map((l) => l.uncompressedScripts)),
      acceptEncoding,
      createdToRowMs: pct(created),
      createdToMessageMs: pct(toMessage),
      submitToConfirmationMs: pct(submit),
      hookToRowMs: pct(hook),
      mcpToRowMs: pct(mcpMs),
      backgroundRows: background,
    };
  } finally {
    await browser.close();
    pool.destroy();
  }
}
