// Wake-up latency: from the moment a reviewer's reply returns to the moment the waiting agent has
// the answer — by long-poll (GET /requests/:id?wait=30) and by Server-Sent Events (GET /events).
// Negative values mean the waiter had the answer before the replier had its response.
import { performance } from "node:perf_hooks";
import type { QuestionRequest } from "../../lib/questions/schemas";
import { agent, call, callJson, openEvents } from "../lib/http";
import { REPLY_BODY, SUBMIT_BODY } from "../lib/fixtures";
import { sleep, summarise, type Summary } from "../lib/stats";

export type WakeupSeries = { samples: number; latencyMs: Summary; fromReplySentMs: Summary; replyRoundTripMs: Summary; failures: number };
export type WakeupResult = { longPoll: WakeupSeries; sse: WakeupSeries };

type Ctx = { base: string; agentToken: string; reviewerToken: string; samples: number; log: (s: string) => void };

export async function runWakeup(ctx: Ctx): Promise<WakeupResult> {
  const longPoll = await series(ctx, "long-poll", longPollSample);
  const sse = await withStream(ctx, (waitFor) => series(ctx, "SSE", (_ctx, id) => waitFor(id)));
  return { longPoll, sse };
}

type Waiter = (ctx: Ctx, id: string) => Promise<{ armed: Promise<void>; received: Promise<number> }>;

async function series(ctx: Ctx, name: string, waiter: Waiter): Promise<WakeupSeries> {
  const agentPool = agent();
  const reviewerPool = agent();
  const latency: number[] = [];
  const fromSent: number[] = [];
  const roundTrip: number[] = [];
  let failures = 0;
  for (let i = 0; i < ctx.samples + 5; i++) {
    const created = await callJson<QuestionRequest>({ base: ctx.base, method: "POST", path: "/api/v1/requests", token: ctx.agentToken, body: SUBMIT_BODY, agent: agentPool, expect: 201 });
    const w = await waiter(ctx, created.id);
    await w.armed;
    const sent = performance.now();
    const reply = await call({ base: ctx.base, method: "POST", path: `/api/v1/requests/${created.id}/reply`, token: ctx.reviewerToken, body: REPLY_BODY, agent: reviewerPool });
    const got = await Promise.race([w.received, sleep(10_000).then(() => NaN)]).catch(() => NaN);
    if (reply.status !== 200 || Number.isNaN(got)) {
      failures++;
      continue;
    }
    if (i < 5) continue; // warm-up
    latency.push(got - reply.at);
    fromSent.push(got - sent);
    roundTrip.push(reply.at - sent);
  }
  agentPool.destroy();
  reviewerPool.destroy();
  const s: WakeupSeries = { samples: latency.length, latencyMs: summarise(latency), fromReplySentMs: summarise(fromSent), replyRoundTripMs: summarise(roundTrip), failures };
  ctx.log(`  ${name}: wake-up p50 ${s.latencyMs.p50} ms, p99 ${s.latencyMs.p99} ms (reply round trip p50 ${s.replyRoundTripMs.p50} ms)${failures ? `, ${failures} failures` : ""}`);
  return s;
}

const waitPool = agent();

/** GET ?wait=30 takes a moment to register with the hub: give it 30 ms before replying. */
const longPollSample: Waiter = async (ctx, id) => {
  const res = call({ base: ctx.base, method: "GET", path: `/api/v1/requests/${id}?wait=30`, token: ctx.agentToken, agent: waitPool });
  const received = res.then((r) => {
    const body = JSON.parse(r.text) as QuestionRequest;
    if (r.status !== 200 || body.status !== "answered") throw new Error(`wait returned ${r.status} ${body.status}`);
    return r.at;
  });
  received.catch(() => {});
  return { armed: sleep(30), received };
};

async function withStream<T>(ctx: Ctx, body: (waitFor: (id: string) => Promise<{ armed: Promise<void>; received: Promise<number> }>) => Promise<T>): Promise<T> {
  const pending = new Map<string, (at: number) => void>();
  const pool = agent();
  const stream = openEvents({
    base: ctx.base,
    token: ctx.agentToken,
    agent: pool,
    onEvent: (m, at) => {
      if (m.event !== "request.answered") return;
      const id = (JSON.parse(m.data) as { requestId: string }).requestId;
      pending.get(id)?.(at);
      pending.delete(id);
    },
  });
  await stream.connected;
  try {
    return await body(async (id) => ({ armed: Promise.resolve(), received: new Promise<number>((resolve) => pending.set(id, resolve)) }));
  } finally {
    stream.close();
    pool.destroy();
  }
}
