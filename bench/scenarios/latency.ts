// Answer latency from send: from the moment a reviewer's reply is written to the socket
// (performance.now() right before the request) to the moment the waiting agent holds the parsed
// answer — by long-poll, by event stream and by MCP `ask_human` (the official SDK client) — with
// 100 other agents waiting on their own open requests (the three kinds mixed). Each sample's
// waiter is known to be parked first (Parked-Waits, or the stream subscribed before the create),
// so the figure is the reply's write, commit and fan-out, not the waiter's first read. The kinds
// take turns (interleaved()), so each is measured across the same stretch of time. On PostgreSQL
// the same again with the reply sent to a second instance on the same database, started for those
// series only (the single-instance figures are one instance, as the goal names them).
import { performance } from "node:perf_hooks";
import http from "node:http";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { QuestionRequest } from "../../lib/questions/schemas";
import { agent, call, callJson, openEvents, type SseStream } from "../lib/http";
import { REPLY_BODY, SUBMIT_BODY, type SeededToken } from "../lib/fixtures";
import type { BenchServer } from "../lib/server";
import { round, sleep, summarise, type Summary } from "../lib/stats";
import { connectMcp as connect } from "../../tests/helpers/runtimes/mcp-client";
import type { LatencyFloor } from "./latency-floor";

const connectMcp = async (base: string, token: string, name: string): Promise<Client> => (await connect(base, token, name)).client;

export const LATENCY_KINDS = ["long-poll", "event stream", "MCP ask_human"] as const;
export type LatencyKind = (typeof LATENCY_KINDS)[number];
export type LatencySeries = {
  kind: LatencyKind;
  samples: number;
  /** reply written → agent holds the parsed answer */
  fromSentMs: Summary;
  /** reply written → the reply's own response read (for reference) */
  replyRoundTripMs: Summary;
  /** the waiting server's CPU per sample (create, parked check, wait, reply): cpu ticks are 10 ms, so over all samples */
  serverCpuMsPerSample: number;
  failures: number;
};
export type LatencyResult = {
  others: number;
  single: LatencySeries[];
  crossInstance?: LatencySeries[];
  /** the same measurement against a server that only wakes the waiter (./latency-floor.ts) */
  floor?: LatencyFloor;
};

type Ctx = {
  /** where the agents wait (instance A) */
  app: BenchServer;
  /** starts a second instance on the same database (PostgreSQL): the cross-instance series reply there */
  startSecond?: () => Promise<BenchServer>;
  agentToken: string;
  reviewerToken: string;
  readerToken: string;
  /** one ask token per other waiting agent */
  others: SeededToken[];
  samples: number;
  log: (s: string) => void;
};

/** Samples dropped at the start of each kind's turn. */
export const WARM_UP = 5;
/** Turns each kind takes (its samples split between them). */
export const ROUNDS = 4;
const MCP_CLIENT = "bench-latency-mcp";

export async function runLatency(ctx: Ctx): Promise<LatencyResult> {
  const others = await armOthers(ctx);
  try {
    ctx.log(`  ${others.count} other agents waiting (long-poll, event stream, MCP mixed)`);
    const single = await interleaved(ctx, ctx.app);
    let crossInstance: LatencySeries[] | undefined;
    if (ctx.startSecond) {
      const second = await ctx.startSecond();
      try {
        crossInstance = await interleaved(ctx, second);
      } finally {
        await second.stop();
      }
    }
    if (others.failures()) throw new Error(`${others.failures()} of the other waiters failed while measuring`);
    return { others: others.count, single, crossInstance };
  } finally {
    await others.stop();
  }
}

type Armed = { received: Promise<number> };

/** One kind's samples so far. */
type Tally = { kind: LatencyKind; waiter: Waiter; fromSent: number[]; roundTrip: number[]; cpuMs: number; runs: number; failures: number };

/**
 * The three kinds in rounds (long-poll, event stream, MCP; again), so each kind's samples spread
 * over the whole measurement: one kind measured in one ~3 s stretch took whatever the shared VM
 * was doing then (±0.5 ms at the p50 between runs of the same code).
 */
async function interleaved(ctx: Ctx, replyTo: BenchServer): Promise<LatencySeries[]> {
  const servers = replyTo === ctx.app ? [ctx.app] : [ctx.app, replyTo];
  const cpuNow = () => servers.reduce((sum, s) => sum + s.stats().cpuMs, 0);
  const replyPool = agent();
  const tallies: Tally[] = [];
  try {
    for (const kind of LATENCY_KINDS) tallies.push({ kind, waiter: await waiterFor(ctx, kind), fromSent: [], roundTrip: [], cpuMs: 0, runs: 0, failures: 0 });
    const perRound = Math.ceil(ctx.samples / ROUNDS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of tallies) {
        const want = Math.min(perRound, ctx.samples - t.fromSent.length);
        const cpuBefore = cpuNow();
        // Each kind warms up again at the start of its turn (its connections were idle meanwhile).
        for (let i = 0; i < want + WARM_UP; i++) {
          const sample = await one(ctx, t.waiter, replyTo.url, replyPool);
          t.runs++;
          if (!sample) t.failures++;
          else if (i >= WARM_UP) {
            t.fromSent.push(sample.fromSent);
            t.roundTrip.push(sample.roundTrip);
          }
        }
        t.cpuMs += cpuNow() - cpuBefore;
      }
    }
  } finally {
    for (const t of tallies) await t.waiter.close();
    replyPool.destroy();
  }
  return tallies.map((t) => {
    const s: LatencySeries = {
      kind: t.kind,
      samples: t.fromSent.length,
      fromSentMs: summarise(t.fromSent),
      replyRoundTripMs: summarise(t.roundTrip),
      serverCpuMsPerSample: round(t.cpuMs / t.runs, 1),
      failures: t.failures,
    };
    ctx.log(`  ${t.kind}${replyTo !== ctx.app ? " (reply on instance B)" : ""}: from send p50 ${s.fromSentMs.p50} ms, p99 ${s.fromSentMs.p99} ms; reply round trip p50 ${s.replyRoundTripMs.p50} ms; server CPU ${s.serverCpuMsPerSample} ms/sample${t.failures ? `, ${t.failures} failures` : ""}`);
    return s;
  });
}

/** One sample: arm a parked wait, send the reply, time both; null on failure. */
async function one(ctx: Ctx, waiter: Waiter, replyBase: string, replyPool: http.Agent): Promise<{ fromSent: number; roundTrip: number } | null> {
  const { id, armed } = await waiter.arm();
  const sent = performance.now();
  const reply = await call({ base: replyBase, method: "POST", path: `/api/v1/requests/${id}/reply`, token: ctx.reviewerToken, body: REPLY_BODY, agent: replyPool });
  const got = await Promise.race([armed.received, sleep(10_000).then(() => NaN)]).catch(() => NaN);
  if (reply.status !== 200 || Number.isNaN(got)) return null;
  return { fromSent: got - sent, roundTrip: reply.at - sent };
}

type Waiter = { arm: () => Promise<{ id: string; armed: Armed }>; close: () => Promise<void> };

async function waiterFor(ctx: Ctx, kind: LatencyKind): Promise<Waiter> {
  if (kind === "long-poll") return longPollWaiter(ctx);
  if (kind === "event stream") return streamWaiter(ctx);
  return mcpWaiter(ctx);
}

const create = (base: string, token: string, pool: http.Agent, agentName = "bench-latency") =>
  callJson<QuestionRequest>({ base, method: "POST", path: "/api/v1/requests", token, body: { ...SUBMIT_BODY, agent: { ...SUBMIT_BODY.agent, name: agentName } }, agent: pool, expect: 201 });

/** Until the server reports a wait parked on `id` (past its read: only the next event wakes it). */
async function parked(base: string, token: string, id: string, pool: http.Agent): Promise<void> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const res = await new Promise<string | undefined>((resolve, reject) => {
      const req = http.request(`${base}/api/v1/requests/${id}`, { headers: { authorization: `Bearer ${token}` }, agent: pool }, (r) => {
        r.resume();
        r.on("end", () => resolve(r.headers["parked-waits"] as string | undefined));
      });
      req.on("error", reject);
      req.end();
    });
    if (Number(res) >= 1) return;
    if (performance.now() > deadline) throw new Error(`no wait parked on ${id}`);
    await sleep(1);
  }
}

function longPollWaiter(ctx: Ctx): Waiter {
  const pool = agent();
  const readPool = agent();
  const base = ctx.app.url;
  return {
    arm: async () => {
      const created = await create(base, ctx.agentToken, pool);
      const received = call({ base, method: "GET", path: `/api/v1/requests/${created.id}?wait=30`, token: ctx.agentToken, agent: pool }).then((r) => {
        const body = JSON.parse(r.text) as QuestionRequest;
        if (r.status !== 200 || body.status !== "answered") throw new Error(`wait returned ${r.status} ${body.status}`);
        return performance.now();
      });
      received.catch(() => {});
      await parked(base, ctx.readerToken, created.id, readPool);
      return { id: created.id, armed: { received } };
    },
    close: async () => {
      pool.destroy();
      readPool.destroy();
    },
  };
}

async function streamWaiter(ctx: Ctx): Promise<Waiter> {
  const pending = new Map<string, (at: number) => void>();
  const pool = agent();
  const streamPool = agent();
  const stream = openEvents({
    base: ctx.app.url,
    token: ctx.agentToken,
    agent: streamPool,
    onEvent: (m) => {
      if (m.event !== "request.answered") return;
      const event = JSON.parse(m.data) as { requestId: string; request: QuestionRequest };
      if (event.request.status !== "answered") return;
      const at = performance.now();
      pending.get(event.requestId)?.(at);
      pending.delete(event.requestId);
    },
  });
  await stream.connected;
  return {
    // The stream was subscribed before the request existed: nothing to wait for.
    arm: async () => {
      const created = await create(ctx.app.url, ctx.agentToken, pool);
      return { id: created.id, armed: { received: new Promise<number>((resolve) => pending.set(created.id, resolve)) } };
    },
    close: async () => {
      stream.close();
      pool.destroy();
      streamPool.destroy();
    },
  };
}

type ToolOut = { structuredContent?: { requestId?: string; status?: string } };

/** The agent calls ask_human; the reviewer learns the request's id from its own event stream (as the inbox does). */
async function mcpWaiter(ctx: Ctx): Promise<Waiter> {
  const client = await connectMcp(ctx.app.url, ctx.agentToken, MCP_CLIENT);
  const created: string[] = [];
  let onCreated: (() => void) | null = null;
  const readPool = agent();
  const streamPool = agent();
  const stream = openEvents({
    base: ctx.app.url,
    token: ctx.reviewerToken,
    agent: streamPool,
    onEvent: (m) => {
      if (m.event !== "request.created") return;
      const event = JSON.parse(m.data) as { requestId: string; request: QuestionRequest & { agent?: { name?: string } } };
      if (event.request.agent?.name !== MCP_CLIENT) return;
      created.push(event.requestId);
      onCreated?.();
    },
  });
  await stream.connected;
  const { questions } = SUBMIT_BODY;
  return {
    arm: async () => {
      const asked = client.callTool({ name: "ask_human", arguments: { title: SUBMIT_BODY.title, questions } }, undefined, { timeout: 60_000 }) as Promise<ToolOut>;
      const received = asked.then((r) => {
        if (r.structuredContent?.status !== "answered") throw new Error(`ask_human returned ${JSON.stringify(r.structuredContent)}`);
        return performance.now();
      });
      received.catch(() => {});
      while (!created.length) await new Promise<void>((resolve) => (onCreated = resolve));
      onCreated = null;
      const id = created.shift()!;
      await parked(ctx.app.url, ctx.readerToken, id, readPool);
      return { id, armed: { received } };
    },
    close: async () => {
      stream.close();
      readPool.destroy();
      streamPool.destroy();
      await client.close();
    },
  };
}

type Others = { count: number; failures: () => number; stop: () => Promise<void> };

/** The 100 other agents: each its own token and open request, a third each long-poll, event stream and MCP; kept waiting until stop. */
async function armOthers(ctx: Ctx): Promise<Others> {
  const base = ctx.app.url;
  const pool = agent();
  const readPool = agent();
  const controller = new AbortController();
  const stopped = () => controller.signal.aborted;
  const streams: SseStream[] = [];
  const clients: Client[] = [];
  const loops: Promise<void>[] = [];
  let failures = 0;
  const parkedIds: string[] = [];
  const streamIds: string[] = [];
  await Promise.all(
    ctx.others.map(async (other, i) => {
      const kind = LATENCY_KINDS[i % 3]!;
      if (kind === "long-poll") {
        const { id } = await create(base, other.token, pool, `bench-other-${i}`);
        parkedIds.push(id);
        loops.push(
          (async () => {
            while (!stopped()) {
              const r = await call({ base, method: "GET", path: `/api/v1/requests/${id}?wait=60`, token: other.token, agent: pool, signal: controller.signal }).catch(() => null);
              if (!stopped() && r?.status !== 200) failures++;
            }
          })(),
        );
      } else if (kind === "event stream") {
        const stream = openEvents({ base, token: other.token, agent: pool, onEvent: () => {}, onError: () => failures++ });
        streams.push(stream);
        await stream.connected;
        streamIds.push((await create(base, other.token, pool, `bench-other-${i}`)).id);
      } else {
        const client = await connectMcp(base, other.token, `bench-other-${i}`);
        clients.push(client);
        loops.push(
          (async () => {
            let out = (await client.callTool({ name: "ask_human", arguments: { title: `Other ${i}`, questions: SUBMIT_BODY.questions } }, undefined, { timeout: 120_000, signal: controller.signal }).catch(() => null)) as ToolOut | null;
            // MCP_WAIT_SECONDS later the call returns pending: wait again, as a model does.
            while (!stopped() && out?.structuredContent?.status === "pending") {
              out = (await client.callTool({ name: "get_answer", arguments: { requestId: out.structuredContent.requestId } }, undefined, { timeout: 120_000, signal: controller.signal }).catch(() => null)) as ToolOut | null;
            }
            if (!stopped()) failures++;
          })(),
        );
      }
    }),
  );
  // Every long-poll and MCP wait parked before the first sample (the streams subscribed above).
  const deadline = performance.now() + 30_000;
  for (;;) {
    const list = await callJson<{ data: QuestionRequest[] }>({ base, method: "GET", path: "/api/v1/requests?status=pending&limit=100", token: ctx.readerToken, agent: readPool });
    const mcpIds = list.data.filter((r) => (r as { agent?: { name?: string } }).agent?.name?.startsWith("bench-other-") && !parkedIds.includes(r.id) && !streamIds.includes(r.id)).map((r) => r.id);
    if (mcpIds.length + parkedIds.length >= ctx.others.length - streams.length) {
      for (const id of [...parkedIds, ...mcpIds]) await parked(base, ctx.readerToken, id, readPool);
      break;
    }
    if (performance.now() > deadline) throw new Error("the other agents' waits did not all open");
    await sleep(50);
  }
  return {
    count: ctx.others.length,
    failures: () => failures,
    stop: async () => {
      controller.abort();
      for (const s of streams) s.close();
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
      await Promise.allSettled(loops);
      pool.destroy();
      readPool.destroy();
    },
  };
}
