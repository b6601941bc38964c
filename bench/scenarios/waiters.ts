// Waiters at scale: N agents wait at once (long-poll on one request each, or one event stream per
// agent token), then a reviewer answers every request. Measures the server's RSS and descriptors
// with all waits open, and each waiter's wake-up latency from its own reply returning.
import { performance } from "node:perf_hooks";
import type http from "node:http";
import type { QuestionRequest } from "../../lib/questions/schemas";
import { setMaxListeners } from "node:events";
import type { RequestRow } from "../../lib/db/types";
import { toView } from "../../lib/questions/view";
import { agent, call, callJson, openEvents, type SseStream } from "../lib/http";
import { makeToken, pendingRows, REPLY_BODY, SUBMIT_BODY } from "../lib/fixtures";
import { settle, type BenchServer, type ProcStats } from "../lib/server";
import { round, sleep, summarise, type Summary } from "../lib/stats";
import type { DirectAnswer, Target } from "../lib/target";

export type WaitersRow = {
  mode: "long-poll" | "sse";
  waiters: number;
  baseline: ProcStats;
  open: ProcStats;
  afterWave: ProcStats;
  rssPerWaiterKb: number;
  openSeconds: number;
  /** the server went idle after the waits were opened (false: measured anyway after 60 s) */
  settled: boolean;
  waveSeconds: number;
  /** round trip of the one real reply that pokes the hub */
  triggerMs: number;
  woken: number;
  rewaits: number;
  errors: number;
  errorKinds: Record<string, number>;
  latencyMs: Summary;
};

export type WaitersCtx = { target: Target; start: (label: string) => Promise<BenchServer>; reviewerToken: string; log: (s: string) => void };
type Ctx = WaitersCtx;

const LONG_POLLS_PER_TOKEN = 500; // ask tokens for long-polls: one per this many waits (WAITS_PER_TOKEN)
const RAMP = 250; // waits opened per step, so the accept queue does not overflow
const WAKE_DEADLINE_MS = 180_000; // after this, the waiters not yet woken count as not woken

export async function runWaiters(ctx: Ctx, mode: WaitersRow["mode"], n: number): Promise<WaitersRow> {
  const { target } = ctx;
  // Each SSE waiter is its own agent (an ask token sees only its own events). Long-polls share
  // one ask token per LONG_POLLS_PER_TOKEN: a token may hold at most WAITS_PER_TOKEN open waits
  // (100 by default), and past it the waits would fail and retry instead of waiting.
  const tokenCount = mode === "sse" ? n : Math.ceil(n / LONG_POLLS_PER_TOKEN);
  const tokens = Array.from({ length: tokenCount }, (_, i) => makeToken(target.teamId, `waiter-${mode}-${n}-${i}`, "ask"));
  await target.insertTokens(tokens.map((t) => t.row));
  const tokenOf = (i: number) => tokens[mode === "sse" ? i : Math.floor(i / LONG_POLLS_PER_TOKEN)]!;
  const rows = pendingRows(
    target.teamId,
    Array.from({ length: n }, (_, i) => tokenOf(i).row.id),
  );
  await target.insertRequests(rows);
  const ids = rows.map((r) => r.id);

  const server = await ctx.start(`server-waiters-${mode}-${n}.log`);
  try {
    await warmUp(server.url, tokens[0]!.token, ctx.reviewerToken);
    await settle(server.pid);
    const baseline = server.stats();

    const pool = agent();
    const received = new Map<string, number>();
    const controller = new AbortController();
    setMaxListeners(0, controller.signal); // one abort listener per open wait
    let rewaits = 0;
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    const fail = (kind: string) => {
      errors++;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    };
    const openStarted = performance.now();
    let settled = false;
    let streams: SseStream[] = [];
    let loops: Promise<void>[] = [];
    if (mode === "long-poll") {
      const waitLoop = async (id: string, i: number) => {
        while (!controller.signal.aborted) {
          try {
            const r = await call({ base: server.url, method: "GET", path: `/api/v1/requests/${id}?wait=60`, token: tokenOf(i).token, agent: pool, signal: controller.signal });
            const status = r.status === 200 ? (JSON.parse(r.text) as QuestionRequest).status : `http ${r.status}`;
            if (status === "answered") return void received.set(id, r.at);
            if (status === "pending") {
              rewaits++;
              continue;
            }
            fail(status);
            // A failed wait (429, 503) is retried after a pause, not in a tight loop.
            await sleep(100);
          } catch (e) {
            if (controller.signal.aborted) return;
            fail((e as NodeJS.ErrnoException).code ?? "network error");
            await sleep(100);
          }
        }
      };
      for (let i = 0; i < n; i += RAMP) {
        // At most RAMP connections waiting in the server's accept queue (backlog 511): beyond it the
        // kernel drops SYNs, and clients retry for a minute and then fail with ETIMEDOUT.
        const gate = Date.now() + 30_000;
        while (i - (server.stats().fds - baseline.fds) > RAMP && Date.now() < gate) await sleep(20);
        loops = loops.concat(ids.slice(i, i + RAMP).map((id, j) => waitLoop(id, i + j)));
      }
      settled = await settle(server.pid, { maxMs: 60_000 });
    } else {
      for (let i = 0; i < n; i += RAMP) {
        const batch = ids.slice(i, i + RAMP).map((id, j) =>
          openEvents({
            base: server.url,
            token: tokens[i + j]!.token,
            agent: pool,
            onEvent: (m, at) => {
              if (m.event === "request.answered" && !received.has(id)) received.set(id, at);
            },
            onError: (e) => fail((e as NodeJS.ErrnoException).code ?? "stream error"),
          }),
        );
        streams = streams.concat(batch);
        await Promise.all(batch.map((s) => s.connected.catch((e: Error) => fail(e.message))));
      }
      settled = await settle(server.pid);
    }
    const openSeconds = round((performance.now() - openStarted) / 1000, 1);
    const open = server.stats();
    ctx.log(`  ${mode} ${n}: open in ${openSeconds} s, RSS ${baseline.rssMb} → ${open.rssMb} MB, fds ${baseline.fds} → ${open.fds}${settled ? "" : " (server still busy)"}`);

    // All answered at once: n - 1 requests are resolved with their events in one transaction
    // behind the app's back, then one real reply through the API commits the last and pokes the
    // hub, which reads every new event and wakes every waiter. (n real replies would measure the
    // reply path, which the wake-up scenario covers, and take minutes at 10,000.)
    // Wake-up is measured from the commit: from then on a waiter may also learn its answer by
    // (re-)reading it, which is as good a wake-up as the hub's.
    const now = new Date();
    await target.answerDirect(rows.slice(0, -1).map((r) => answered(r, now)));
    const reviewerPool = agent();
    const waveStarted = performance.now();
    const trigger = await call({ base: server.url, method: "POST", path: `/api/v1/requests/${ids.at(-1)}/reply`, token: ctx.reviewerToken, body: REPLY_BODY, agent: reviewerPool });
    if (trigger.status !== 200) fail(`reply http ${trigger.status}`);
    const deadline = Date.now() + WAKE_DEADLINE_MS;
    while (received.size < n && Date.now() < deadline) await sleep(20);
    const lastWoken = [...received.values()].reduce((a, b) => Math.max(a, b), waveStarted);
    const waveSeconds = round((lastWoken - waveStarted) / 1000, 2);
    const afterWave = server.stats();
    controller.abort();
    streams.forEach((s) => s.close());
    await Promise.all(loops);
    pool.destroy();
    reviewerPool.destroy();

    const latencies = [...received.values()].map((at) => at - waveStarted);
    const row: WaitersRow = {
      mode,
      waiters: n,
      baseline,
      open,
      afterWave,
      rssPerWaiterKb: Math.round(((open.rssMb - baseline.rssMb) * 1024) / n),
      openSeconds,
      settled,
      waveSeconds,
      triggerMs: round(trigger.at - waveStarted),
      woken: received.size,
      rewaits,
      errors,
      errorKinds,
      latencyMs: summarise(latencies),
    };
    ctx.log(`  ${mode} ${n}: woke ${row.woken}/${n} in ${waveSeconds} s, wake-up p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, peak RSS ${afterWave.peakRssMb} MB${errors ? `, ${errors} errors ${JSON.stringify(errorKinds)}` : ""}${rewaits ? `, ${rewaits} re-waits` : ""}`);
    return row;
  } finally {
    await server.stop();
  }
}

export function answered(pending: RequestRow, now: Date): DirectAnswer {
  const response = { answers: { db: { selected: ["PostgreSQL"], custom: null, text: null, note: "benchmark" } } };
  const row: RequestRow = { ...pending, status: "answered", response: JSON.stringify(response), resolvedAt: now, resolvedBy: "token:bench-reviewer", version: 2 };
  return {
    row,
    event: { teamId: row.teamId, requestId: row.id, tokenId: row.tokenId, type: "request.answered", payload: JSON.stringify(toView(row)), createdAt: now },
  };
}

/** Loads every route involved once, so the baseline is a warm server and not a cold one. */
export async function warmUp(base: string, agentToken: string, reviewerToken: string): Promise<void> {
  const pool: http.Agent = agent();
  const created = await callJson<QuestionRequest>({ base, method: "POST", path: "/api/v1/requests", token: agentToken, body: SUBMIT_BODY, agent: pool, expect: 201 });
  const stream = openEvents({ base, token: agentToken, agent: pool, onEvent: () => {} });
  await stream.connected;
  await callJson({ base, method: "GET", path: `/api/v1/requests/${created.id}?wait=0`, token: agentToken, agent: pool });
  await callJson({ base, method: "POST", path: `/api/v1/requests/${created.id}/reply`, token: reviewerToken, body: REPLY_BODY, agent: pool });
  stream.close();
  pool.destroy();
}
