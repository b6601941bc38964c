// `npm run bench`: every scenario against the production build, each on a fresh database — SQLite,
// then PostgreSQL when DATABASE_URL points to one. Writes bench/results/latest.json and
// docs/benchmarks.md. Options: --quick (small sizes), --only=a,b (throughput, wakeup, waiters,
// history, insights, latency, inbox, webhooks, mixed; the other scenarios' last results are kept), --db=sqlite|postgresql (one database only), --cpu-prof (V8 CPU profiles of every app
// server, written under the temp dir), --render (only rewrite docs/benchmarks.md from the last
// results, e.g. after editing bench/analysis.md).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { randomUUID } from "node:crypto";
import { admin } from "../tests/helpers/cli";
import { ROOT } from "../tests/helpers/server";
import { signIn } from "../tests/helpers/session";
import { snapshotBuild } from "./lib/build";
import { makeToken } from "./lib/fixtures";
import { startApp, startFloor, type BenchServer } from "./lib/server";
import { freshTarget, type Provider, type Target } from "./lib/target";
import { evaluateGoals, renderMarkdown, type ProviderResults, type Results } from "./report";
import { runHistory } from "./scenarios/history";
import { runInbox } from "./scenarios/inbox";
import { runInsights } from "./scenarios/insights";
import { runLatency } from "./scenarios/latency";
import { runLatencyFloor } from "./scenarios/latency-floor";
import { runThroughput } from "./scenarios/throughput";
import { runMixed } from "./scenarios/mixed";
import { runWaiters } from "./scenarios/waiters";
import { runWakeup } from "./scenarios/wakeup";
import { runWebhooks } from "./scenarios/webhooks";

const SCENARIOS = ["throughput", "wakeup", "waiters", "history", "insights", "latency", "inbox", "webhooks", "mixed"] as const;
type Scenario = (typeof SCENARIOS)[number];

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const only = args.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",") ?? [...SCENARIOS];
const cpuProf = args.includes("--cpu-prof");
const dbArg = args.find((a) => a.startsWith("--db="))?.slice("--db=".length).split(",");
const unknown = only.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(", ")}; choose from ${SCENARIOS.join(", ")}`);
  process.exit(2);
}
const options = {
  throughputSeconds: quick ? 2 : 6,
  concurrencies: [1, 16, 64],
  wakeupSamples: quick ? 30 : 200,
  waiterCounts: quick ? [100, 1000] : [1000, 10_000],
  // --mixed-waits=N: another size for the mixed scenario (e.g. 3000 on a busy machine)
  mixedWaits: Number(args.find((a) => a.startsWith("--mixed-waits="))?.slice("--mixed-waits=".length)) || (quick ? 1000 : 10_000),
  historyRows: quick ? 10_000 : 1_000_000,
  historySamples: quick ? 30 : 200,
  insightsSamples: quick ? 5 : 10,
  latencySamples: quick ? 30 : 200,
  latencyOthers: 100,
  inboxOpen: quick ? 200 : 1000,
  // 20 cold loads: with 10 the p95 was the one slowest load (bench/analysis.md, round 3).
  inboxLoads: quick ? 3 : 20,
  inboxSamples: quick ? 10 : 40,
  webhooks: { isolation: { ratePerS: 10, seconds: quick ? 5 : 20 }, burst: { requests: quick ? 200 : 1000, webhooks: 10, concurrency: 16 } },
  scenarios: only,
  cpuProf,
};

const t0 = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const profDir = cpuProf ? mkdtempSync(path.join(os.tmpdir(), "oq-bench-prof-")) : undefined;
let appDir = ROOT; // replaced by the private copy of the build in main()

/** The app on `target`'s database (the build's private copy, its log under the target's directory). */
const appOn = (target: Target, logName: string) => startApp({ appDir, dataDir: target.dataDir, databaseUrl: target.databaseUrl, logName, cpuProfDir: profDir });

async function withApp<T>(target: Target, logName: string, fn: (app: BenchServer) => Promise<T>): Promise<T> {
  const app = await appOn(target, logName);
  try {
    return await fn(app);
  } finally {
    await app.stop();
  }
}

/** A fresh database with an agent (ask), a reviewer (answer) and a reader (read) token. */
async function setUp(provider: Provider, label: string) {
  const target = await freshTarget(provider, label);
  const agent = makeToken(target.teamId, "bench-agent", "ask");
  const reviewer = makeToken(target.teamId, "bench-reviewer", "answer");
  const reader = makeToken(target.teamId, "bench-reader", "read");
  await target.insertTokens([agent.row, reviewer.row, reader.row]);
  return { target, agent, reviewer, reader };
}

/** A lead (or admin) of the default team signed in through the browser sign-in, for the /history page (or Settings). */
async function leadSession(target: Target, base: string, role = "lead"): Promise<string> {
  const email = `bench-${role}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const made = admin(target.dataDir, ["user", "create", email, "--password", password, "--team", "default", "--role", role], { DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
  if (made.code !== 0) throw new Error(`user create: ${made.stderr}`);
  return signIn(base, email, password);
}

async function runProvider(provider: Provider, floor: BenchServer): Promise<ProviderResults> {
  const out: ProviderResults = {};
  const want = (s: Scenario) => only.includes(s);
  if (want("throughput")) {
    log(`${provider}: submit throughput`);
    const { target, agent } = await setUp(provider, "throughput");
    out.throughput = await withApp(target, "server-throughput.log", (app) =>
      runThroughput({ app, floor, agentToken: agent.token, durationS: options.throughputSeconds, concurrencies: options.concurrencies, log }),
    );
    await target.dispose();
  }
  if (want("wakeup")) {
    log(`${provider}: wake-up latency`);
    const { target, agent, reviewer } = await setUp(provider, "wakeup");
    out.wakeup = await withApp(target, "server-wakeup.log", (app) =>
      runWakeup({ base: app.url, agentToken: agent.token, reviewerToken: reviewer.token, samples: options.wakeupSamples, log }),
    );
    await target.dispose();
  }
  if (want("waiters")) {
    log(`${provider}: concurrent waiters`);
    const { target, reviewer } = await setUp(provider, "waiters");
    const start = (logName: string) => appOn(target, logName);
    out.waiters = [];
    for (const mode of ["long-poll", "sse"] as const) {
      for (const n of options.waiterCounts) out.waiters.push(await runWaiters({ target, start, reviewerToken: reviewer.token, log }, mode, n));
    }
    await target.dispose();
  }
  if (want("mixed")) {
    log(`${provider}: waits of every kind (long-poll, event stream, MCP), then MCP alone`);
    const { target, reviewer } = await setUp(provider, "mixed");
    const start = (logName: string) => appOn(target, logName);
    out.mixed = [];
    for (const mix of ["mixed", "mcp"] as const) out.mixed.push(await runMixed({ target, start, reviewerToken: reviewer.token, log }, mix, options.mixedWaits));
    await target.dispose();
  }
  if (want("history")) {
    log(`${provider}: history at scale — seeding ${options.historyRows.toLocaleString("en")} resolved requests directly into the database (one INSERT … SELECT, not API calls)`);
    const { target, agent, reader } = await setUp(provider, "history");
    const seeding = performance.now();
    await target.seedHistory(agent.row.id, options.historyRows);
    log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const totalRows = await target.countRequests();
    const queries = await withApp(target, "server-history.log", async (app) =>
      runHistory({ base: app.url, readToken: reader.token, leadCookie: await leadSession(target, app.url), samples: options.historySamples, target, log }),
    );
    out.history = { seeded: options.historyRows, totalRows, queries };
    await target.dispose();
  }
  if (want("insights")) {
    log(`${provider}: insights at scale — seeding ${options.historyRows.toLocaleString("en")} resolved requests (as for history)`);
    const { target, agent, reader } = await setUp(provider, "insights");
    const seeding = performance.now();
    await target.seedHistory(agent.row.id, options.historyRows);
    log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const queries = await withApp(target, "server-insights.log", async (app) =>
      runInsights({ base: app.url, readToken: reader.token, leadCookie: await leadSession(target, app.url), samples: options.insightsSamples, log, serverCpuMs: () => app.stats().cpuMs }),
    );
    out.insights = { seeded: options.historyRows, totalRows: await target.countRequests(), queries };
    await target.dispose();
  }
  if (want("latency")) {
    log(`${provider}: answer latency from send, ${options.latencyOthers} other agents waiting${provider === "postgresql" ? "; then across two instances" : ""}`);
    const { target, agent, reviewer, reader } = await setUp(provider, "latency");
    const others = Array.from({ length: options.latencyOthers }, (_, i) => makeToken(target.teamId, `bench-other-${i}`, "ask"));
    await target.insertTokens(others.map((o) => o.row));
    const startSecond = provider === "postgresql" ? () => appOn(target, "server-latency-b.log") : undefined;
    out.latency = await withApp(target, "server-latency.log", (app) =>
      runLatency({ app, startSecond, agentToken: agent.token, reviewerToken: reviewer.token, readerToken: reader.token, others, samples: options.latencySamples, log }),
    );
    // On PostgreSQL the floor server commits to the same database (its own table).
    const pgUrl = provider === "postgresql" ? target.databaseUrl : undefined;
    out.latency.floor = await runLatencyFloor({ dataDir: target.dataDir, pgUrl, samples: options.latencySamples, others: options.latencyOthers, log });
    await target.dispose();
  }
  if (want("inbox")) {
    log(`${provider}: the inbox in Chromium — ${options.inboxOpen} open requests, ${options.inboxLoads} cold loads, ${options.inboxSamples} samples per live path`);
    const { target, agent } = await setUp(provider, "inbox");
    out.inbox = await withApp(target, "server-inbox.log", (app) =>
      runInbox({ base: app.url, target, agentToken: agent.token, agentTokenId: agent.row.id, openRequests: options.inboxOpen, loads: options.inboxLoads, samples: options.inboxSamples, log }),
    );
    await target.dispose();
  }
  if (want("webhooks")) {
    log(`${provider}: webhook notifications — isolation from a stalled and a slow webhook, then a burst`);
    out.webhooks = await runWebhooks({
      ...options.webhooks,
      setUp: async (label) => {
        const { target, agent } = await setUp(provider, label);
        return { target, agentToken: agent.token };
      },
      start: appOn,
      admin: (target, base) => leadSession(target, base, "admin"),
      log,
    });
  }
  return out;
}

/** The last run's results, kept for the scenarios this run leaves out (--only). */
function previousResults(): Results | null {
  const file = path.join(ROOT, "bench/results/latest.json");
  if (only.length === SCENARIOS.length || !existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Results;
}

function machine(providers: Provider[]): Record<string, string | number> {
  const cpus = os.cpus();
  const git = (a: string[]) => {
    try {
      return execFileSync("git", a, { cwd: ROOT, encoding: "utf8" }).trim();
    } catch {
      return "?";
    }
  };
  const m: Record<string, string | number> = {
    CPU: `${cpus[0]?.model ?? "?"} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    OS: `${os.type()} ${os.release()}`,
    Node: process.version,
    Next: (JSON.parse(execFileSync(process.execPath, ["-p", "JSON.stringify(require('next/package.json').version)"], { cwd: ROOT, encoding: "utf8" })) as string),
    SQLite: (new Database(":memory:").prepare("SELECT sqlite_version() AS v").get() as { v: string }).v,
    "load average at start (1/5/15 min)": os.loadavg().map((l) => l.toFixed(2)).join(" / "),
    "open-file limit (hard)": execFileSync("bash", ["-c", "ulimit -Hn"], { encoding: "utf8" }).trim(),
    commit: `${git(["rev-parse", "--short", "HEAD"])}${git(["status", "--porcelain"]) ? " (with uncommitted changes)" : ""}`,
  };
  return m;
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    return `${version} at ${new URL(process.env.DATABASE_URL!).host}`;
  } finally {
    await client.end();
  }
}

/** --render: rewrites docs/benchmarks.md from bench/results/latest.json (after editing bench/analysis.md). */
function renderOnly(): void {
  const res = JSON.parse(readFileSync(path.join(ROOT, "bench/results/latest.json"), "utf8")) as Results;
  writeFileSync(path.join(ROOT, "docs/benchmarks.md"), renderMarkdown(res));
  log("rewrote docs/benchmarks.md from bench/results/latest.json");
}

async function main(): Promise<void> {
  if (args.includes("--render")) return renderOnly();
  const providers: Provider[] = ["sqlite"];
  if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) providers.push("postgresql");
  if (dbArg) {
    const missing = dbArg.filter((p) => !(providers as string[]).includes(p));
    if (missing.length) throw new Error(`--db=${dbArg.join(",")}: ${missing.join(", ")} not available (PostgreSQL needs DATABASE_URL=postgresql://…)`);
    providers.splice(0, providers.length, ...(dbArg as Provider[]));
  }
  log(`providers: ${providers.join(", ")}; scenarios: ${only.join(", ")}${quick ? " (quick)" : ""}`);
  const startedAt = new Date().toISOString();
  const machineInfo = machine(providers);
  if (providers.includes("postgresql")) machineInfo.PostgreSQL = await postgresVersion();
  log("building (if sources changed)…");
  const build = await snapshotBuild();
  appDir = build.dir;
  const floorDir = mkdtempSync(path.join(os.tmpdir(), "oq-bench-floor-"));
  const floor = await startFloor({ logFile: path.join(floorDir, "floor.log") });
  const previous = previousResults();
  const results: Record<string, ProviderResults> = {};
  const write = (): Results => {
    // Scenarios this run left out keep their last figures (named as such in docs/benchmarks.md).
    const merged: Record<string, ProviderResults> = {};
    for (const p of new Set([...Object.keys(previous?.providers ?? {}), ...Object.keys(results)])) merged[p] = { ...previous?.providers[p], ...results[p] };
    machineInfo["load average at end (1/5/15 min)"] = os.loadavg().map((l) => l.toFixed(2)).join(" / ");
    const res: Results = {
      meta: {
        startedAt,
        finishedAt: new Date().toISOString(),
        seconds: Math.round((Date.now() - t0) / 1000),
        command: `npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`,
        options,
        machine: machineInfo,
        ...(previous ? { kept: { scenarios: SCENARIOS.filter((x) => !only.includes(x)), from: previous.meta.kept?.from ?? `${previous.meta.command} on ${previous.meta.startedAt.slice(0, 16).replace("T", " ")} UTC, commit ${previous.meta.machine.commit}` } } : {}),
      },
      providers: merged,
      goals: evaluateGoals(merged),
    };
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/latest.json"), JSON.stringify(res, null, 2) + "\n");
    writeFileSync(path.join(ROOT, "docs/benchmarks.md"), renderMarkdown(res));
    return res;
  };
  try {
    // Written after each database, so a long run that fails late keeps what it measured.
    for (const p of providers) {
      results[p] = await runProvider(p, floor);
      write();
    }
  } finally {
    await floor.stop();
    build.dispose();
  }
  const res = write();
  for (const g of res.goals) log(`${g.met ? "met   " : "MISSED"} ${g.provider}: ${g.goal} — ${g.measured}`);
  if (profDir) log(`CPU profiles in ${profDir} (summarise with: npx tsx bench/profile-summary.ts <file>)`);
  log("wrote bench/results/latest.json and docs/benchmarks.md");
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
