// Webhook notifications, with real receivers (node:http in this process) registered as the team's
// webhooks through the Settings API, as an admin would. (a) Isolation: one webhook never answers
// (or answers after SLOW_MS), another answers at once; requests are created at a steady pace and
// each is timed from the create being sent to the good receiver holding the delivery's body.
// (b) Burst: 10 webhooks, requests created as fast as the API takes them; every delivery id must
// arrive exactly once, and the figure is the first create sent → the last delivery held.
import { createServer, type Server } from "node:http";
import { performance } from "node:perf_hooks";
import type { BenchServer } from "../lib/server";
import type { Target } from "../lib/target";
import { agent, call } from "../lib/http";
import { SUBMIT_BODY } from "../lib/fixtures";
import { sleep, summarise, type Summary } from "../lib/stats";

const SLOW_MS = 5000;
const WARM_UP = 5;

export type IsolationRow = {
  other: "never answers" | `answers after ${number} s`;
  requests: number;
  ratePerS: number;
  /** create sent → the good receiver has the whole delivery */
  latencyMs: Summary;
  /** create response received → the good receiver has it (negative: it came first) */
  fromCreatedMs: Summary;
  missing: number;
  duplicates: number;
  /** POSTs the other receiver took, and the most it held open at once */
  otherHits: number;
  otherMostOpen: number;
};
export type BurstResult = {
  requests: number;
  webhooks: number;
  expected: number;
  delivered: number;
  duplicates: number;
  missing: number;
  createErrors: number;
  /** first create sent → last create answered */
  createSeconds: number;
  /** first create sent → the last delivery held (null: not all arrived) */
  seconds: number | null;
  /** Delivery rows by status once done, and the most attempts any took */
  rows: Record<string, number>;
  maxAttempts: number;
};
export type WebhooksResult = { isolation: IsolationRow[]; burst: BurstResult };

export type WebhooksCtx = {
  /** A fresh database with an `ask` token; `start` runs the app on it; `admin` signs in a team admin. */
  setUp: (label: string) => Promise<{ target: Target; agentToken: string }>;
  start: (target: Target, logName: string) => Promise<BenchServer>;
  admin: (target: Target, base: string) => Promise<string>;
  isolation: { ratePerS: number; seconds: number };
  burst: { requests: number; webhooks: number; concurrency: number };
  log: (s: string) => void;
};

type Arrival = { deliveryId: string; requestId: string; at: number };
type Receiver = { url: string; arrivals: Arrival[]; mostOpen: () => number; close: () => Promise<void> };

/** answer: "now", "never", or a delay in ms. */
async function receiver(answer: "now" | "never" | number): Promise<Receiver> {
  const arrivals: Arrival[] = [];
  let open = 0;
  let mostOpen = 0;
  const timers = new Set<NodeJS.Timeout>();
  const srv: Server = createServer((req, res) => {
    mostOpen = Math.max(mostOpen, ++open);
    req.socket.once("close", () => open--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { request?: { id?: string } };
      arrivals.push({ deliveryId: String(req.headers["questions-delivery"]), requestId: body.request?.id ?? "", at });
      if (answer === "now") res.end("ok");
      else if (answer !== "never") {
        const t = setTimeout(() => (timers.delete(t), res.end("ok")), answer);
        timers.add(t);
      }
    });
  });
  srv.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    mostOpen: () => mostOpen,
    close: () => {
      for (const t of timers) clearTimeout(t);
      srv.closeAllConnections();
      return new Promise((resolve) => srv.close(() => resolve()));
    },
  };
}

async function addWebhook(base: string, cookie: string, teamId: string, url: string): Promise<void> {
  const res = await fetch(`${base}/api/ui/settings/teams/${teamId}/webhooks`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ url, events: ["request.created"] }),
  });
  if (res.status !== 201) throw new Error(`webhook create → ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

type Created = { id: string | null; sent: number; at: number };

async function create(base: string, token: string, pool: ReturnType<typeof agent>): Promise<Created> {
  const sent = performance.now();
  const r = await call({ base, method: "POST", path: "/api/v1/requests", token, body: SUBMIT_BODY, agent: pool }).catch(() => null);
  return { id: r?.status === 201 ? (JSON.parse(r.text) as { id: string }).id : null, sent, at: r?.at ?? performance.now() };
}

async function until(what: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!what()) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

const duplicatesOf = (arrivals: Arrival[]) => arrivals.length - new Set(arrivals.map((a) => a.deliveryId)).size;

async function isolation(ctx: WebhooksCtx, other: "never" | number): Promise<IsolationRow> {
  const name: IsolationRow["other"] = other === "never" ? "never answers" : `answers after ${other / 1000} s`;
  const { target, agentToken } = await ctx.setUp(`webhooks-${other === "never" ? "stalled" : "slow"}`);
  const app = await ctx.start(target, `server-webhooks-${other === "never" ? "stalled" : "slow"}.log`);
  const [good, bad] = [await receiver("now"), await receiver(other)];
  const pool = agent();
  try {
    const cookie = await ctx.admin(target, app.url);
    await addWebhook(app.url, cookie, target.teamId, bad.url);
    await addWebhook(app.url, cookie, target.teamId, good.url);
    const { ratePerS, seconds } = ctx.isolation;
    const n = WARM_UP + ratePerS * seconds;
    const started = performance.now();
    const pending: Promise<Created>[] = [];
    for (let i = 0; i < n; i++) {
      const wait = started + (i * 1000) / ratePerS - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(create(app.url, agentToken, pool));
    }
    const created = (await Promise.all(pending)).slice(WARM_UP);
    const ids = new Set(created.map((c) => c.id));
    const arrived = () => good.arrivals.filter((a) => ids.has(a.requestId)).length;
    await until(() => arrived() >= created.length, 30_000);
    await sleep(500); // a late duplicate would show here
    const first = new Map<string, number>();
    for (const a of good.arrivals) if (!first.has(a.requestId)) first.set(a.requestId, a.at);
    const latency: number[] = [];
    const fromCreated: number[] = [];
    let missing = 0;
    for (const c of created) {
      const at = c.id ? first.get(c.id) : undefined;
      if (at === undefined) missing++;
      else (latency.push(at - c.sent), fromCreated.push(at - c.at));
    }
    const row: IsolationRow = {
      other: name,
      requests: created.length,
      ratePerS,
      latencyMs: summarise(latency),
      fromCreatedMs: summarise(fromCreated),
      missing,
      duplicates: duplicatesOf(good.arrivals),
      otherHits: bad.arrivals.length,
      otherMostOpen: bad.mostOpen(),
    };
    ctx.log(`  isolation (other webhook ${name}): p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, max ${row.latencyMs.max} ms; ${missing} missing, ${row.duplicates} duplicates; the other took ${row.otherHits} POSTs, held ${row.otherMostOpen} open at most`);
    return row;
  } finally {
    pool.destroy();
    // Receivers first: the app's stop waits for its sends in flight, and a closed socket ends them.
    await Promise.all([good.close(), bad.close()]);
    await app.stop();
    await target.dispose();
  }
}

async function burst(ctx: WebhooksCtx): Promise<BurstResult> {
  const { requests, webhooks, concurrency } = ctx.burst;
  const { target, agentToken } = await ctx.setUp("webhooks-burst");
  const app = await ctx.start(target, "server-webhooks-burst.log");
  const receivers = await Promise.all(Array.from({ length: webhooks }, () => receiver("now")));
  const pool = agent();
  try {
    const cookie = await ctx.admin(target, app.url);
    for (const r of receivers) await addWebhook(app.url, cookie, target.teamId, r.url);
    const created: Created[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next++;
          created.push(await create(app.url, agentToken, pool));
        }
      }),
    );
    const createSeconds = (performance.now() - t0) / 1000;
    const ids = created.flatMap((c) => (c.id ? [c.id] : []));
    const expected = ids.length * webhooks;
    const unique = () => receivers.reduce((s, r) => s + new Set(r.arrivals.map((a) => a.deliveryId)).size, 0);
    const complete = await until(() => unique() >= expected, 120_000);
    await sleep(2000); // a late duplicate would show here
    const last = Math.max(...receivers.flatMap((r) => r.arrivals.map((a) => a.at)));
    // Missing: a (webhook, request) pair that never arrived.
    const missing = receivers.reduce((s, r) => {
      const got = new Set(r.arrivals.map((a) => a.requestId));
      return s + ids.filter((id) => !got.has(id)).length;
    }, 0);
    const statusRows = await target.query(`SELECT "status", COUNT(*) AS n, MAX("attempts") AS "maxAttempts" FROM "Delivery" GROUP BY "status"`);
    const result: BurstResult = {
      requests,
      webhooks,
      expected,
      delivered: unique(),
      duplicates: receivers.reduce((s, r) => s + duplicatesOf(r.arrivals), 0),
      missing,
      createErrors: requests - ids.length,
      createSeconds: Math.round(createSeconds * 100) / 100,
      seconds: complete ? Math.round((last - t0) / 10) / 100 : null,
      rows: Object.fromEntries(statusRows.map((r) => [String(r.status), Number(r.n)])),
      maxAttempts: Math.max(0, ...statusRows.map((r) => Number(r.maxAttempts))),
    };
    ctx.log(`  burst: ${result.delivered}/${expected} delivered in ${result.seconds ?? "–"} s (creates took ${result.createSeconds} s, ${result.createErrors} failed); ${result.duplicates} duplicates, ${missing} missing; rows ${JSON.stringify(result.rows)}, most attempts ${result.maxAttempts}`);
    return result;
  } finally {
    pool.destroy();
    await Promise.all(receivers.map((r) => r.close()));
    await app.stop();
    await target.dispose();
  }
}

export async function runWebhooks(ctx: WebhooksCtx): Promise<WebhooksResult> {
  const rows = [await isolation(ctx, "never"), await isolation(ctx, SLOW_MS)];
  return { isolation: rows, burst: await burst(ctx) };
}
