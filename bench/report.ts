// Turns a results object into docs/benchmarks.md: goals, tables, the machine and the command.
// The hand-written analysis lives in bench/analysis.md and is included as is.
import { existsSync, readFileSync } from "node:fs";
import type { HistoryRow } from "./scenarios/history";
import type { InboxResult } from "./scenarios/inbox";
import type { InsightsRow } from "./scenarios/insights";
import type { LatencyResult, LatencySeries } from "./scenarios/latency";
import type { MixedRow } from "./scenarios/mixed";
import type { ThroughputResult } from "./scenarios/throughput";
import type { WaitersRow } from "./scenarios/waiters";
import type { WakeupResult } from "./scenarios/wakeup";
import type { WebhooksResult } from "./scenarios/webhooks";
import type { Summary } from "./lib/stats";

export type ProviderResults = { throughput?: ThroughputResult; wakeup?: WakeupResult; waiters?: WaitersRow[]; history?: { seeded: number; totalRows: number; queries: HistoryRow[] };
  insights?: { seeded: number; totalRows: number; queries: InsightsRow[] };
  latency?: LatencyResult;
  inbox?: InboxResult;
  webhooks?: WebhooksResult;
  mixed?: MixedRow[];
};
export type Goal = { provider: string; goal: string; target: string; measured: string; met: boolean | null };
export type Results = {
  meta: {
    startedAt: string;
    finishedAt: string;
    seconds: number;
    command: string;
    options: Record<string, unknown>;
    machine: Record<string, string | number>;
    /** Scenarios this run did not measure, whose results come from an earlier run. */
    kept?: { scenarios: string[]; from: string };
  };
  providers: Record<string, ProviderResults>;
  goals: Goal[];
};

const pct = (r: number) => `${Math.round(r * 100)} %`;
const ms = (s: Summary) => (s.n ? `${s.p50} / ${s.p99}` : "–");

export function evaluateGoals(providers: Record<string, ProviderResults>): Goal[] {
  const goals: Goal[] = [];
  for (const [provider, r] of Object.entries(providers)) {
    if (r.throughput) {
      const worst = r.throughput.ratios.reduce((a, b) => (b.submitVsBareRoute < a.submitVsBareRoute ? b : a));
      goals.push({
        provider,
        goal: "submit throughput ≥ 50 % of the bare-route floor",
        target: "≥ 50 % at 1, 16 and 64 agents",
        measured: r.throughput.ratios.map((x) => `${pct(x.submitVsBareRoute)} @${x.concurrency}`).join(", "),
        met: worst.submitVsBareRoute >= 0.5,
      });
    }
    if (r.wakeup) {
      for (const [name, s] of [["long-poll", r.wakeup.longPoll], ["SSE", r.wakeup.sse]] as const) {
        goals.push({ provider, goal: `wake-up p99 ≤ 20 ms (${name})`, target: "≤ 20 ms", measured: `${s.latencyMs.p99} ms`, met: s.latencyMs.p99 <= 20 && s.failures === 0 });
      }
    }
    for (const w of (r.waiters ?? []).filter((x) => x.waiters >= 10_000)) {
      goals.push({
        provider,
        goal: `10,000 waiters (${w.mode}) < 500 MB RSS, all woken`,
        target: "< 500 MB, 10,000/10,000",
        measured: `${w.open.rssMb} MB open, ${w.afterWave.peakRssMb} MB peak; ${w.woken}/${w.waiters} woken`,
        met: w.afterWave.peakRssMb < 500 && w.woken === w.waiters,
      });
      goals.push({
        provider,
        goal: `10,000 waiters (${w.mode}): last woken ≤ 2 s after the commit`,
        target: "≤ 2 s",
        measured: w.woken ? `${w.waveSeconds} s (${w.woken}/${w.waiters} woken)` : "none woken",
        met: w.woken === w.waiters && w.waveSeconds <= 2,
      });
    }
    for (const w of (r.mixed ?? []).filter((x) => x.waiters >= 10_000)) {
      const what = w.mix === "mixed" ? "10,000 mixed waits (⅓ long-poll, ⅓ event stream, ⅓ MCP)" : "10,000 MCP waits";
      const measured = `${w.open.rssMb} MB open, ${w.afterWave.peakRssMb} MB peak; ${w.woken}/${w.waiters} woken`;
      goals.push({ provider, goal: `${what} < 500 MB RSS, all woken`, target: "< 500 MB, 10,000/10,000", measured, met: w.afterWave.peakRssMb < 500 && w.woken === w.waiters });
      if (w.mix === "mixed") {
        goals.push({ provider, goal: `${what}: last woken ≤ 2 s after the commit`, target: "≤ 2 s", measured: w.woken ? `${w.waveSeconds} s (${w.woken}/${w.waiters} woken)` : "none woken", met: w.woken === w.waiters && w.waveSeconds <= 2 });
      }
    }
    if (r.history) {
      // The goal is set at 1,000,000 rows: a smaller (--quick) run reports its figure but never meets it.
      const { seeded } = r.history;
      // The /history page rows (server-rendered HTML, pickers included) are reported, not goals.
      for (const q of r.history.queries.filter((x) => !x.page)) {
        goals.push({ provider, goal: `history p99 ≤ 50 ms at ${seeded.toLocaleString("en")} rows: ${q.name}`, target: "≤ 50 ms at 1,000,000", measured: `${q.latencyMs.p99} ms`, met: q.latencyMs.p99 <= 50 && seeded >= 1_000_000 });
      }
    }
    if (r.insights) {
      const { seeded } = r.insights;
      for (const q of r.insights.queries.filter((x) => !x.page)) {
        goals.push({ provider, goal: `insights p99 < 200 ms at ${seeded.toLocaleString("en")} rows: ${q.name}`, target: "< 200 ms at 1,000,000", measured: `${q.latencyMs.p99} ms (p50 ${q.latencyMs.p50} ms${q.serverCpuMs === undefined ? "" : `, server CPU ${q.serverCpuMs} ms/req`})`, met: q.latencyMs.p99 < 200 && seeded >= 1_000_000 });
      }
    }
    if (r.latency) {
      const others = `${r.latency.others} other agents waiting`;
      const fromSent = (s: LatencySeries) => `p50 ${s.fromSentMs.p50} ms, p99 ${s.fromSentMs.p99} ms${s.failures ? `, ${s.failures} failures` : ""}`;
      for (const s of r.latency.single) {
        goals.push({ provider, goal: `answer latency from the reply's send (${s.kind}), ${others}`, target: "p50 ≤ 3 ms and p99 ≤ 10 ms with 100 other agents waiting", measured: fromSent(s), met: s.fromSentMs.p50 <= 3 && s.fromSentMs.p99 <= 10 && s.failures === 0 && r.latency.others >= 100 });
      }
      for (const s of r.latency.crossInstance ?? []) {
        goals.push({ provider, goal: `answer latency from the reply's send across two instances (${s.kind}), ${others}`, target: "across two instances on PostgreSQL p99 ≤ 50 ms", measured: fromSent(s), met: s.fromSentMs.p99 <= 50 && s.failures === 0 && r.latency.others >= 100 });
      }
    }
    if (r.inbox) {
      const b = r.inbox;
      const p95 = (name: string, s: { p50: number; p95: number }, limit: number, target = `p95 ≤ ${limit} ms`) => goals.push({ provider, goal: name, target, measured: `p95 ${s.p95} ms (p50 ${s.p50} ms)`, met: s.p95 <= limit });
      goals.push({ provider, goal: `inbox largest contentful paint with ${b.openRequests.toLocaleString("en")} open requests`, target: "≤ 1.0 s with 1,000 open requests", measured: `p95 ${b.lcpMs.p95} ms (p50 ${b.lcpMs.p50} ms, ${b.lcpMs.n} cold loads)`, met: b.lcpMs.p95 <= 1000 && b.openRequests >= 1000 });
      goals.push({ provider, goal: "inbox JavaScript ≤ 250 KB compressed", target: "≤ 250 KB compressed", measured: `${b.scriptKb} KB${b.uncompressedScripts ? ` (${b.uncompressedScripts} scripts uncompressed)` : ""}`, met: b.scriptKb <= 250 && b.uncompressedScripts === 0 });
      p95("a request created through the API shows in an open inbox", b.createdToRowMs, 200);
      p95("answering a question (Submit to the confirmation shown)", b.submitToConfirmationMs, 150);
      p95("a Claude Code hook call shows in the inbox (from arriving)", b.hookToRowMs, 50);
      p95("an MCP ask_human call shows in the inbox (from arriving)", b.mcpToRowMs, 50);
    }
    if (r.webhooks) {
      const iso = r.webhooks.isolation;
      goals.push({
        provider,
        goal: "webhook delivery p99 ≤ 250 ms while another webhook never answers",
        target: "p99 ≤ 250 ms while another of the team's webhooks never answers",
        measured: iso.map((x) => `${x.latencyMs.p99} ms (other ${x.other}${x.missing ? `, ${x.missing} missing` : ""})`).join("; "),
        met: iso.length > 0 && iso.every((x) => x.latencyMs.p99 <= 250 && x.missing === 0 && x.duplicates === 0),
      });
      // Set at 1,000 requests: a smaller (--quick) burst reports its figure but never meets it.
      const b = r.webhooks.burst;
      goals.push({
        provider,
        goal: "1,000-request burst to 10 webhooks: all delivered exactly once within 60 s",
        target: "all delivered, each exactly once per delivery id, within 60 s",
        measured: `${b.delivered.toLocaleString("en")}/${b.expected.toLocaleString("en")} in ${b.seconds ?? "–"} s (${b.requests.toLocaleString("en")} requests × ${b.webhooks}), ${b.duplicates} duplicates, ${b.missing} missing`,
        met: b.requests >= 1000 && b.webhooks >= 10 && b.createErrors === 0 && b.missing === 0 && b.duplicates === 0 && b.seconds !== null && b.seconds <= 60,
      });
    }
  }
  return goals;
}

export function renderMarkdown(res: Results): string {
  const out: string[] = [];
  const m = res.meta;
  out.push("# Benchmarks", "");
  out.push(`Generated by \`${m.command}\` on ${m.startedAt.slice(0, 16).replace("T", " ")} UTC (${m.seconds} s). Raw results: \`bench/results/latest.json\`.`);
  out.push("Each scenario runs against the production build served by `scripts/server.mjs` (what `npm start` runs: one node:http server with the realtime routes — create and list, long-polls, event streams, MCP, the Claude Code hook — and Next.js for everything else) on a fresh database, with the rate limiter off and the default log level; the load generator (autocannon for throughput, a small node:http client for the rest) runs on the same machine.", "");
  if (m.kept?.scenarios.length) out.push(`This run measured only the scenarios its command names; the ${m.kept.scenarios.join(", ")} results (tables and goals) are kept from earlier runs, the oldest \`${m.kept.from}\` (bench/analysis.md says which).`, "");
  out.push("## Goals", "", "| database | goal | target | measured | met |", "|---|---|---|---|---|");
  for (const g of res.goals) out.push(`| ${g.provider} | ${g.goal} | ${g.target} | ${g.measured} | ${g.met === null ? "–" : g.met ? "yes" : "**no**"} |`);
  out.push("");
  for (const [provider, r] of Object.entries(res.providers)) {
    out.push(`## ${provider === "sqlite" ? "SQLite" : "PostgreSQL"}`, "");
    if (r.throughput) {
      const rounds = r.throughput.rounds ?? 1;
      out.push(`### Submit throughput (${r.throughput.durationS} s per cell, after a 1 s warm-up${rounds > 1 ? `, in ${rounds} interleaved rounds` : ""})`, "");
      if (rounds > 1) out.push(`At each concurrency the three targets take turns, ${rounds} rounds of ${Math.round((r.throughput.durationS / rounds) * 10) / 10} s each; req/s adds up a target's rounds, and each ratio is the median of the ${rounds} rounds' ratios (two runs seconds apart), so a burst of other work on the machine moves one round rather than the result.`, "");
      out.push("| agents | target | req/s | req/s by round | p50 / p99 ms | server CPU | CPU ms / req | errors |", "|---:|---|---:|---:|---:|---:|---:|---:|");
      for (const row of r.throughput.rows) out.push(`| ${row.concurrency} | ${row.target} | ${row.rps} | ${row.roundsRps?.join(" / ") ?? "–"} | ${ms(row.latencyMs)} | ${row.serverCpuPct} % | ${row.cpuMsPerRequest ?? "–"} | ${row.non2xx + row.errors} |`);
      out.push("", "| agents | submit ÷ bare route | submit ÷ node:http | bare route ÷ node:http |", "|---:|---:|---:|---:|");
      for (const x of r.throughput.ratios) out.push(`| ${x.concurrency} | ${pct(x.submitVsBareRoute)} | ${pct(x.submitVsNodeHttp)} | ${pct(x.bareRouteVsNodeHttp)} |`);
      out.push("");
    }
    if (r.wakeup) {
      out.push("### Wake-up latency (one waiter at a time)", "");
      out.push("Measured from the reviewer's reply response arriving to the waiting agent having the answer.", "");
      out.push("| transport | samples | p50 / p99 ms | max ms | from reply sent p50 / p99 ms | reply round trip p50 / p99 ms |", "|---|---:|---:|---:|---:|---:|");
      for (const [name, s] of [["long-poll (`?wait=30`)", r.wakeup.longPoll], ["SSE (`/events`)", r.wakeup.sse]] as const) {
        out.push(`| ${name} | ${s.samples} | ${ms(s.latencyMs)} | ${s.latencyMs.max} | ${ms(s.fromReplySentMs)} | ${ms(s.replyRoundTripMs)} |`);
      }
      out.push("");
    }
    if (r.waiters?.length) {
      out.push("### Concurrent waiters", "");
      out.push(
        "All waits are opened (long-poll `?wait=60` on one request each; SSE: one stream per agent token, since an `ask` token sees only its own events), the server is left to go idle, then every request is answered at once: all but one are resolved with their events in one database transaction by the benchmark, and right after that commit one real reply through the API resolves the last one and pokes the hub, which reads every new event and wakes everyone. Wake-up is measured from the commit (a waiter that re-reads its request after it also counts as woken); \"last woken\" is when the last waiter had its answer; \"re-waits\" are long-polls that ran out their 60 s and were re-issued, as a client does.",
        "",
      );
      out.push("| transport | waiters | RSS idle → open → peak MB | RSS per waiter | fds idle → open | open time | woken | wake-up p50 / p99 ms | last woken | re-waits | errors |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const w of r.waiters) {
        out.push(`| ${w.mode} | ${w.waiters.toLocaleString("en")} | ${w.baseline.rssMb} → ${w.open.rssMb} → ${w.afterWave.peakRssMb} | ${w.rssPerWaiterKb} KB | ${w.baseline.fds} → ${w.open.fds} | ${w.openSeconds} s${w.settled ? "" : " (still busy)"} | ${w.woken}/${w.waiters} | ${ms(w.latencyMs)} | ${w.woken ? `${w.waveSeconds} s` : "–"} | ${w.rewaits} | ${w.errors ? `${w.errors} ${JSON.stringify(w.errorKinds).replace(/"/g, "")}` : 0} |`);
      }
      out.push("");
    }
    if (r.mixed?.length) {
      out.push("### Waits of every kind", "");
      out.push(
        "Waits in groups of 300 on one `ask` token and its one pending request: in the mixed run the kinds take turns (long-poll `?wait=60`, an event stream, an MCP `get_answer` tool call on its own MCP session — initialize, notifications/initialized, tools/call — re-called when it returns pending), in the other run every wait is an MCP call. With all open and the server idle, every request is answered as in the waiters run (all but one in one commit, the last by one real reply that pokes the hub); wake-up is measured from that commit.",
        "",
      );
      out.push("| waits | requests | RSS idle → open → peak MB | RSS per wait | fds idle → open | open time | woken (by kind, last woken) | wake-up p50 / p99 ms | last woken | re-waits | errors |", "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|");
      for (const w of r.mixed) {
        const kinds = Object.entries(w.byKind).map(([k, v]) => `${k} ${v.woken}/${v.waiters} (${v.lastWokenSeconds} s)`).join(", ");
        out.push(`| ${w.waiters.toLocaleString("en")} ${w.mix === "mixed" ? "mixed" : "MCP"} | ${w.requests} | ${w.baseline.rssMb} → ${w.open.rssMb} → ${w.afterWave.peakRssMb} | ${w.rssPerWaiterKb} KB | ${w.baseline.fds} → ${w.open.fds} | ${w.openSeconds} s${w.settled ? "" : " (still busy)"} | ${kinds} | ${ms(w.latencyMs)} | ${w.woken ? `${w.waveSeconds} s` : "–"} | ${w.rewaits} | ${w.errors ? `${w.errors} ${JSON.stringify(w.errorKinds).replace(/"/g, "")}` : 0} |`);
      }
      out.push("");
    }
    if (r.history) {
      out.push(`### History at scale (${r.history.seeded.toLocaleString("en")} resolved requests seeded, ${r.history.totalRows.toLocaleString("en")} rows in the table)`, "");
      out.push("Sequential requests with a `read` token, default page size (50). \"SELECT alone\" is the list's main query run directly on the database by the benchmark (same WHERE, ORDER BY and LIMIT), for the database's share of the time. Rows named \"page\" are the browser's /history page fetched by a signed-in lead (server-rendered HTML, 25 rows, with the agent and reviewer pickers): recorded beside the goal rows, not goals themselves.", "");
      out.push("| query | rows returned | response | p50 / p99 ms | max ms | SELECT alone p50 / p99 ms |", "|---|---:|---:|---:|---:|---:|");
      for (const q of r.history.queries) out.push(`| ${q.name} — \`${q.path}\` | ${q.rows} | ${Math.round(q.bytes / 1024)} KiB | ${ms(q.latencyMs)} | ${q.latencyMs.max} | ${ms(q.sqlMs)} |`);
      out.push("");
    }
    if (r.insights) {
      out.push(`### Insights at scale (${r.insights.seeded.toLocaleString("en")} resolved requests seeded over 90 days, ${r.insights.totalRows.toLocaleString("en")} rows in the table)`, "");
      out.push("`GET /api/v1/insights` with a `read` token, one request at a time after two warm-ups: every figure of the page (exact median and 90th percentile overall, per day, per agent and per reviewer; outcomes per day; open requests; recurring questions). The page row is /insights as a signed-in lead (server-rendered, charts included): recorded, not a goal. Server CPU is the app process's CPU time per request, whatever else the machine runs (on SQLite the SQL runs in it; on PostgreSQL the database's own processes are not counted).", "");
      out.push("| query | decisions in the period | response | p50 / p99 ms | max ms | server CPU ms / req |", "|---|---:|---:|---:|---:|---:|");
      for (const q of r.insights.queries) out.push(`| ${q.name} — \`${q.path}\` | ${q.page ? "–" : q.rowsInPeriod.toLocaleString("en")} | ${Math.round(q.bytes / 1024)} KiB | ${ms(q.latencyMs)} | ${q.latencyMs.max} | ${q.serverCpuMs ?? "–"} |`);
      out.push("");
    }
    if (r.latency) {
      out.push(`### Answer latency from the reply's send (${r.latency.others} other agents waiting)`, "");
      out.push(`Each sample: the agent's wait is known to be parked (the server's \`Parked-Waits\`; an event stream is subscribed before its request exists), then the clock starts right before the reviewer's \`POST …/reply\` is written and stops when the agent holds the parsed answer: the long-poll's JSON, the stream's \`request.answered\` event, the MCP SDK client's \`ask_human\` result. Meanwhile ${r.latency.others} other agents, each with its own token and open request, wait by long-poll, event stream and MCP (a third each). The three transports take turns, four rounds of a quarter of their samples each (each round after 5 warm-up samples), so each is measured across the same stretch of time. Server CPU is per sample (create, parked check, wait and reply together)${r.latency.crossInstance ? "; \"two instances\" rows wait on instance A and reply on instance B, one database" : ""}.`, "");
      out.push("| transport | reply to | samples | from send p50 / p99 ms | max ms | reply round trip p50 / p99 ms | server CPU ms / sample | failures |", "|---|---|---:|---:|---:|---:|---:|---:|");
      for (const [where, list] of [["same instance", r.latency.single], ["two instances", r.latency.crossInstance ?? []]] as const) {
        for (const s of list) out.push(`| ${s.kind} | ${where} | ${s.samples} | ${ms(s.fromSentMs)} | ${s.fromSentMs.max} | ${ms(s.replyRoundTripMs)} | ${s.serverCpuMsPerSample} | ${s.failures} |`);
      }
      out.push("");
      const floor = r.latency.floor;
      if (floor) {
        out.push(`**The floor** (reference, not a goal): the same measurement — the same clients, the waiter parked first, ${r.latency.others} other long-polls held, the kinds taking turns — against \`bench/latency-floor-server.ts\`, which does nothing but wake the waiter with an answer the size of a real one${floor.work === "nothing" ? "" : ", after committing one row to PostgreSQL (one INSERT, no checks, event or audit)"}; its MCP side is the official SDK's own server and transport. What the app measures above it is the app's own work.`, "");
        out.push(`| transport | server's work | samples | from send p50 / p99 ms | max ms |`, "|---|---|---:|---:|---:|");
        for (const s of floor.series) out.push(`| ${s.kind} | ${floor.work} | ${s.samples} | ${ms(s.fromSentMs)} | ${s.fromSentMs.max} |`);
        out.push("");
      }
    }
    if (r.inbox) {
      const b = r.inbox;
      out.push(`### The inbox in Chromium (${b.openRequests.toLocaleString("en")} open requests for the cold loads)`, "");
      out.push(`Debian's Chromium (headless) through the DevTools protocol. Cold loads: a new browser context with a signed-in reviewer's cookie and the cache off opens /inbox; LCP is the last \`largest-contentful-paint\` entry once the network is idle, JavaScript the compressed bytes of every script response (Network domain, \`encodedDataLength\`; the browser sent \`Accept-Encoding: ${b.acceptEncoding}\`). Live paths, with one inbox open on ${b.backgroundRows} pending requests: from the bench sending the call to the row in the page's DOM (a MutationObserver; both clocks are \`timeOrigin + now()\` on this machine); each probe is withdrawn before the next. Answering: Submit clicked → "Answer sent to …" in the DOM, timed in the page, one request after another.`, "");
      out.push("| measure | samples | p50 | p95 | max |", "|---|---:|---:|---:|---:|");
      const line = (name: string, s: { n: number; p50: number; p95: number; max: number }, unit = "ms") => out.push(`| ${name} | ${s.n} | ${s.p50} ${unit} | ${s.p95} ${unit} | ${s.max} ${unit} |`);
      line("largest contentful paint (cold)", b.lcpMs);
      line("API request → row", b.createdToRowMs);
      if (b.createdToMessageMs) line("API request → its event in the page (part of the above)", b.createdToMessageMs);
      line("Claude Code hook → row", b.hookToRowMs);
      line("MCP ask_human → row", b.mcpToRowMs);
      line("Submit → confirmation", b.submitToConfirmationMs);
      out.push("", "| cold load | page first byte ms | last byte ms | FCP ms | LCP ms | LCP element | JavaScript KB (scripts) | document KB |", "|---:|---:|---:|---:|---:|---|---:|---:|");
      b.loads.forEach((l, i) => out.push(`| ${i + 1} | ${l.ttfbMs} | ${l.htmlDoneMs} | ${l.fcpMs} | ${l.lcpMs} | ${l.lcpElement.replace(/\|/g, "\\|")} | ${l.scriptKb} (${l.scripts}) | ${l.documentKb} |`));
      out.push("");
    }
    if (r.webhooks) {
      const { isolation, burst: b } = r.webhooks;
      out.push("### Webhook notifications", "");
      out.push("Receivers are node:http servers in the benchmark process, registered as the default team's webhooks (`request.created`) through the Settings API by a team admin; the server runs the default notification settings. Isolation: one webhook never answers (or answers after 5 s), another answers at once; requests are created at a steady pace on a fresh database, each timed from the create being sent to the good receiver holding the whole delivery (the first 5 are a warm-up). Burst: 10 webhooks answering at once, requests created by 16 concurrent clients; the time runs from the first create sent to the last delivery held, and every delivery id is counted at its receiver.", "");
      out.push("| other webhook | requests | pace | create sent → delivered p50 / p99 ms | max ms | create answered → delivered p50 / p99 ms | missing | duplicates | other's POSTs (most open) |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const x of isolation) out.push(`| ${x.other} | ${x.requests} | ${x.ratePerS}/s | ${ms(x.latencyMs)} | ${x.latencyMs.max} | ${ms(x.fromCreatedMs)} | ${x.missing} | ${x.duplicates} | ${x.otherHits} (${x.otherMostOpen}) |`);
      out.push("", "| requests × webhooks | creates took | delivered | last delivered after | duplicates | missing | Delivery rows | most attempts |", "|---:|---:|---:|---:|---:|---:|---|---:|");
      out.push(`| ${b.requests.toLocaleString("en")} × ${b.webhooks} | ${b.createSeconds} s${b.createErrors ? ` (${b.createErrors} failed)` : ""} | ${b.delivered.toLocaleString("en")}/${b.expected.toLocaleString("en")} | ${b.seconds ?? "–"} s | ${b.duplicates} | ${b.missing} | ${Object.entries(b.rows).map(([k, v]) => `${k} ${v}`).join(", ")} | ${b.maxAttempts} |`, "");
    }
  }
  out.push("## Machine", "", "| | |", "|---|---|");
  for (const [k, v] of Object.entries(m.machine)) out.push(`| ${k} | ${v} |`);
  out.push("");
  out.push("## How to run", "", "```sh", "npm run bench                       # every scenario on SQLite", "DATABASE_URL=postgresql://user:pw@127.0.0.1/postgres npm run bench   # SQLite, then PostgreSQL", "npm run bench -- --only=throughput,history --quick   # a subset, smaller sizes",
    "npm run bench -- --db=postgresql    # one database only", "npm run bench -- --only=insights     # one scenario; the others keep their last results", "npm run bench -- --cpu-prof          # also writes V8 CPU profiles of the app server", "```", "");
  out.push("Options of this run: `" + JSON.stringify(m.options) + "`.", "");
  const analysis = new URL("./analysis.md", import.meta.url);
  if (existsSync(analysis)) out.push(readFileSync(analysis, "utf8").trim(), "");
  return out.join("\n");
}
