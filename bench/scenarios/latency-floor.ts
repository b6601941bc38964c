// Goal 1's floor on this machine: answer latency from the reply's send, measured as the latency
// scenario measures it (the same HTTP client, the official MCP SDK client, the waiter parked first,
// 100 other waits held, the kinds taking turns) against a server that does nothing but wake the
// waiter (bench/latency-floor-server.ts) — on PostgreSQL after committing one row. Whatever the app
// measures above these figures is its own work; they are reference rows, not goals.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { connectMcp } from "../../tests/helpers/runtimes/mcp-client";
import { REPLY_BODY, SUBMIT_BODY } from "../lib/fixtures";
import { agent, call } from "../lib/http";
import { startLatencyFloor, type BenchServer } from "../lib/server";
import { sleep, summarise, type Summary } from "../lib/stats";
import { ROUNDS, WARM_UP } from "./latency";

export const FLOOR_KINDS = ["long-poll", "MCP (SDK client)"] as const;
type FloorKind = (typeof FLOOR_KINDS)[number];
export type FloorSeries = { kind: FloorKind; samples: number; fromSentMs: Summary };
/** What the floor server did before waking the waiter. */
export type LatencyFloor = { work: "nothing" | "one PostgreSQL commit"; series: FloorSeries[] };

// The size and shape of a real answer: the answered request as the app returns it.
const ANSWER = {
  id: "qr_floor",
  status: "answered",
  ...SUBMIT_BODY,
  createdAt: new Date().toISOString(),
  resolvedAt: new Date().toISOString(),
  resolvedBy: "token:r",
  response: { answers: REPLY_BODY.answers },
  version: 2,
};

async function parked(base: string, id: string, pool: http.Agent): Promise<void> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const r = await call({ base, method: "GET", path: `/parked/${id}`, agent: pool });
    if ((JSON.parse(r.text) as { parked: boolean }).parked) return;
    if (performance.now() > deadline) throw new Error(`no wait parked on ${id}`);
    await sleep(1);
  }
}

export async function runLatencyFloor(opts: { dataDir: string; pgUrl?: string; samples: number; others: number; log: (s: string) => void }): Promise<LatencyFloor> {
  const server = await startLatencyFloor({ logFile: path.join(opts.dataDir, "server-latency-floor.log"), pgUrl: opts.pgUrl });
  try {
    const series = await measure(server, opts.samples, opts.others);
    const work = opts.pgUrl ? "one PostgreSQL commit" : "nothing";
    for (const s of series) opts.log(`  floor (${work}), ${s.kind}: from send p50 ${s.fromSentMs.p50} ms, p99 ${s.fromSentMs.p99} ms`);
    return { work, series };
  } finally {
    await server.stop();
  }
}

async function measure(server: BenchServer, samples: number, othersCount: number): Promise<FloorSeries[]> {
  const base = server.url;
  const pool = agent();
  const readPool = agent();
  const replyPool = agent();
  const others = new AbortController();
  setMaxListeners(othersCount + 1, others.signal); // one signal ends all the held waits
  for (let i = 0; i < othersCount; i++) void call({ base, method: "GET", path: `/wait/other-${i}`, agent: pool, signal: others.signal }).catch(() => {});
  const mcp = await connectMcp(base, null, "floor-agent");
  const arm: Record<FloorKind, (id: string) => Promise<number>> = {
    "long-poll": (id) => call({ base, method: "GET", path: `/wait/${id}`, agent: pool }).then(() => performance.now()),
    "MCP (SDK client)": (id) => mcp.client.callTool({ name: "wait", arguments: { id } }).then(() => performance.now()),
  };
  const got: Record<FloorKind, number[]> = { "long-poll": [], "MCP (SDK client)": [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of FLOOR_KINDS) {
        const want = Math.min(Math.ceil(samples / ROUNDS), samples - got[kind].length);
        for (let i = 0; i < WARM_UP + want; i++) {
          const id = randomUUID();
          const received = arm[kind](id);
          await parked(base, id, readPool);
          const sent = performance.now();
          await call({ base, method: "POST", path: `/reply/${id}`, body: ANSWER, agent: replyPool });
          const at = await received;
          if (i >= WARM_UP) got[kind].push(at - sent);
        }
      }
    }
  } finally {
    others.abort();
    await mcp.close();
    for (const p of [pool, readPool, replyPool]) p.destroy();
  }
  return FLOOR_KINDS.map((kind) => ({ kind, samples: got[kind].length, fromSentMs: summarise(got[kind]) }));
}
