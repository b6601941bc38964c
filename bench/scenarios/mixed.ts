// Waiting agents of every kind: n waits at once, the kinds taking turns (long-poll, event stream,
// MCP get_answer tool call), or MCP calls alone. Waits come in groups of GROUP on one ask token
// and its one pending request; then every request is answered (all but one in one database
// commit, the last by one real reply that pokes the hub, as in waiters.ts). Measures the server's
// RSS with all open and at its peak through the wave, and when each waiter had its answer.
import { performance } from "node:perf_hooks";
import { setMaxListeners } from "node:events";
import type { QuestionRequest } from "../../lib/questions/schemas";
import { agent, call, openEvents, type SseStream } from "../lib/http";
import { makeToken, pendingRows, REPLY_BODY } from "../lib/fixtures";
import { callMcpTool, openMcpSession, type McpSessionInfo } from "../lib/mcp-client";
import { settle, type BenchServer, type ProcStats } from "../lib/server";
import { round, sleep, summarise, type Summary } from "../lib/stats";
import type { Target } from "../lib/target";
import { answered, warmUp, type WaitersCtx as Ctx, type WaitersRow } from "./waiters";

export type WaitKind = "long-poll" | "sse" | "mcp";

/** The same wave figures as waiters.ts, for several kinds of wait at once. */
export type MixedRow = Omit<WaitersRow, "mode"> & {
  /** "mixed": the three kinds in turn; "mcp": MCP tool calls only */
  mix: "mixed" | "mcp";
  requests: number;
  byKind: Partial<Record<WaitKind, { waiters: number; woken: number; lastWokenSeconds: number }>>;
};


const GROUP = 300; // waits per ask token and request (WAITS_PER_TOKEN is 1,000 by default)
const RAMP = 250; // waits opened per step, so the accept queue does not overflow (see waiters.ts)
const WAKE_DEADLINE_MS = 180_000;
const KINDS: Record<MixedRow["mix"], WaitKind[]> = { mixed: ["long-poll", "sse", "mcp"], mcp: ["mcp"] };

export async function runMixed(ctx: Ctx, mix: MixedRow["mix"], n: number): Promise<MixedRow> {
  const { target } = ctx;
  const kindOf = (i: number) => KINDS[mix][i % KINDS[mix].length]!;
  const groups = Math.ceil(n / GROUP);
  const tokens = Array.from({ length: groups }, (_, g) => makeToken(target.teamId, `mixed-${mix}-${n}-${g}`, "ask"));
  await target.insertTokens(tokens.map((t) => t.row));
  const rows = pendingRows(target.teamId, tokens.map((t) => t.row.id));
  await target.insertRequests(rows);

  const server = await ctx.start(`server-mixed-${mix}-${n}.log`);
  try {
    const pool = agent();
    await warmUp(server.url, tokens[0]!.token, ctx.reviewerToken);
    const warm = await openMcpSession(server.url, tokens[0]!.token, pool);
    await callMcpTool(warm, pool, "get_answer", { requestId: rows[0]!.id, waitSeconds: 0 });
    await settle(server.pid);
    const baseline = server.stats();

    const received = new Map<number, number>();
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    let rewaits = 0;
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    const fail = (kind: string) => {
      errors++;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    };
    const retryAfter = async (e: unknown) => {
      fail((e as NodeJS.ErrnoException).code ?? (e as Error).message ?? "network error");
      await sleep(100);
    };
    const streams: SseStream[] = [];
    const loops: Promise<void>[] = [];

    const longPoll = async (i: number) => {
      const g = Math.floor(i / GROUP);
      while (!controller.signal.aborted) {
        try {
          const r = await call({ base: server.url, method: "GET", path: `/api/v1/requests/${rows[g]!.id}?wait=60`, token: tokens[g]!.token, agent: pool, signal: controller.signal });
          const status = r.status === 200 ? (JSON.parse(r.text) as QuestionRequest).status : `long-poll http ${r.status}`;
          if (status === "answered") return void received.set(i, r.at);
          if (status === "pending") rewaits++;
          else await retryAfter(new Error(status));
        } catch (e) {
          if (!controller.signal.aborted) await retryAfter(e);
        }
      }
    };
    const mcpCall = async (i: number) => {
      const g = Math.floor(i / GROUP);
      let session: McpSessionInfo | void = undefined;
      while (!session && !controller.signal.aborted) session = await openMcpSession(server.url, tokens[g]!.token, pool).catch(retryAfter);
      // The session is open: the call loop runs on, and the next waiter may start.
      const loop = async () => {
        while (session && !controller.signal.aborted) {
          try {
            const r = await callMcpTool(session, pool, "get_answer", { requestId: rows[g]!.id }, controller.signal);
            const status = (r.result?.structuredContent?.status as string | undefined) ?? `mcp http ${r.status}${r.error ? ` ${r.error}` : ""}`;
            if (status === "answered") return void received.set(i, r.at);
            if (status === "pending") rewaits++;
            else await retryAfter(new Error(status));
          } catch (e) {
            if (!controller.signal.aborted) await retryAfter(e);
          }
        }
      };
      loops.push(loop());
    };
    const stream = async (i: number) => {
      const g = Math.floor(i / GROUP);
      const s = openEvents({
        base: server.url,
        token: tokens[g]!.token,
        agent: pool,
        onEvent: (m, at) => {
          if (m.event === "request.answered" && !received.has(i)) received.set(i, at);
        },
        onError: (e) => fail((e as NodeJS.ErrnoException).code ?? "stream error"),
      });
      streams.push(s);
      await s.connected.catch((e: Error) => fail(e.message));
    };

    const openStarted = performance.now();
    for (let i = 0; i < n; i += RAMP) {
      // As waiters.ts: at most RAMP connections not yet accepted by the server (its backlog is 511).
      const gate = Date.now() + 30_000;
      while (i - (server.stats().fds - baseline.fds) > RAMP && Date.now() < gate) await sleep(20);
      const batch: Promise<void>[] = [];
      for (let j = i; j < Math.min(n, i + RAMP); j++) {
        const kind = kindOf(j);
        if (kind === "long-poll") loops.push(longPoll(j));
        else batch.push(kind === "sse" ? stream(j) : mcpCall(j));
      }
      await Promise.all(batch);
    }
    const settled = await settle(server.pid, { maxMs: 60_000 });
    const openSeconds = round((performance.now() - openStarted) / 1000, 1);
    const open = server.stats();
    ctx.log(`  ${mix} ${n}: open in ${openSeconds} s, RSS ${baseline.rssMb} → ${open.rssMb} MB, fds ${baseline.fds} → ${open.fds}${settled ? "" : " (server still busy)"}`);

    const now = new Date();
    await target.answerDirect(rows.slice(0, -1).map((r) => answered(r, now)));
    const reviewerPool = agent();
    const waveStarted = performance.now();
    const trigger = await call({ base: server.url, method: "POST", path: `/api/v1/requests/${rows.at(-1)!.id}/reply`, token: ctx.reviewerToken, body: REPLY_BODY, agent: reviewerPool });
    if (trigger.status !== 200) fail(`reply http ${trigger.status}`);
    const deadline = Date.now() + WAKE_DEADLINE_MS;
    while (received.size < n && Date.now() < deadline) await sleep(20);
    const afterWave = server.stats();
    controller.abort();
    streams.forEach((s) => s.close());
    await Promise.all(loops);
    pool.destroy();
    reviewerPool.destroy();

    const since = (at: number) => round((at - waveStarted) / 1000, 2);
    const lastWoken = [...received.values()].reduce((a, b) => Math.max(a, b), waveStarted);
    const byKind: MixedRow["byKind"] = {};
    for (const kind of KINDS[mix]) {
      const mine = [...received].filter(([i]) => kindOf(i) === kind).map(([, at]) => at);
      const waiters = Array.from({ length: n }, (_, i) => i).filter((i) => kindOf(i) === kind).length;
      byKind[kind] = { waiters, woken: mine.length, lastWokenSeconds: since(mine.reduce((a, b) => Math.max(a, b), waveStarted)) };
    }
    const row: MixedRow = {
      mix,
      waiters: n,
      requests: rows.length,
      byKind,
      baseline,
      open,
      afterWave,
      rssPerWaiterKb: Math.round(((open.rssMb - baseline.rssMb) * 1024) / n),
      openSeconds,
      settled,
      waveSeconds: since(lastWoken),
      triggerMs: round(trigger.at - waveStarted),
      woken: received.size,
      rewaits,
      errors,
      errorKinds,
      latencyMs: summarise([...received.values()].map((at) => at - waveStarted)),
    };
    const kinds = Object.entries(byKind).map(([k, v]) => `${k} ${v.woken}/${v.waiters} by ${v.lastWokenSeconds} s`).join(", ");
    ctx.log(`  ${mix} ${n}: woke ${row.woken}/${n} in ${row.waveSeconds} s (${kinds}), p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, peak RSS ${afterWave.peakRssMb} MB, ${row.rssPerWaiterKb} KB per wait${errors ? `, ${errors} errors ${JSON.stringify(errorKinds)}` : ""}${rewaits ? `, ${rewaits} re-waits` : ""}`);
    return row;
  } finally {
    await server.stop();
  }
}
