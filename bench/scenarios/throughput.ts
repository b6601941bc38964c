// Submit throughput: POST /api/v1/requests at 1, 16 and 64 concurrent agents, next to two floors run
// in the same session with the same body — a bare Next.js route (no auth, no database) and a plain
// node:http server — so the ratios say what the app itself costs. The targets take turns in short
// rounds and a ratio is the median of the rounds' ratios (see runThroughput).
import autocannon from "autocannon";
import { settle, type BenchServer } from "../lib/server";
import { round, summarise, type Summary } from "../lib/stats";
import { SUBMIT_BODY } from "../lib/fixtures";

export type ThroughputRow = {
  concurrency: number;
  target: "node:http floor" | "bare Next route" | "POST /api/v1/requests";
  rps: number;
  latencyMs: Summary;
  ok: number;
  non2xx: number;
  errors: number;
  serverCpuPct: number;
  /** Server CPU time per 2xx response. */
  cpuMsPerRequest: number;
  /** req/s of each round, in order. */
  roundsRps: number[];
};

export type ThroughputResult = {
  durationS: number;
  rounds: number;
  rows: ThroughputRow[];
  ratios: { concurrency: number; submitVsBareRoute: number; submitVsNodeHttp: number; bareRouteVsNodeHttp: number }[];
};

type Load = { url: string; headers: Record<string, string>; connections: number; durationS: number };

function load(opts: Load): Promise<{ rps: number; latencies: number[]; ok: number; non2xx: number; errors: number }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: opts.url, method: "POST", headers: opts.headers, body: JSON.stringify(SUBMIT_BODY), connections: opts.connections, duration: opts.durationS, pipelining: 1 },
      (err, result) => {
        if (err) return reject(err as Error);
        resolve({ rps: latencies.length / result.duration, latencies, ok: latencies.length, non2xx: result.non2xx, errors: result.errors + result.timeouts });
      },
    );
    // autocannon's own histogram has 1 ms resolution; keep every 2xx duration (float ms) instead.
    instance.on("response", (...args: unknown[]) => {
      const [, status, , ms] = args as [unknown, number, number, number];
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/** One load run's measurements on one target. */
type Run = { rps: number; latencies: number[]; ok: number; non2xx: number; errors: number; seconds: number; cpuMs: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Each concurrency: a 1 s warm-up per target, then `rounds` rounds that run every target in turn
 * for durationS / rounds seconds (so each cell still gets durationS seconds in all). The rows add
 * up a target's rounds; a ratio is the median of its rounds' ratios, each taken from two runs
 * seconds apart, so a burst of other work on the machine moves one round, not the result.
 */
export async function runThroughput(opts: { app: BenchServer; floor: BenchServer; agentToken: string; durationS: number; concurrencies: number[]; rounds?: number; log: (s: string) => void }): Promise<ThroughputResult> {
  const json = { "content-type": "application/json" };
  const rounds = Math.max(1, opts.rounds ?? 3);
  const slice = opts.durationS / rounds;
  const targets: { name: ThroughputRow["target"]; server: BenchServer; url: string; headers: Record<string, string> }[] = [
    { name: "node:http floor", server: opts.floor, url: `${opts.floor.url}/`, headers: json },
    { name: "bare Next route", server: opts.app, url: `${opts.app.url}/api/bench/floor`, headers: json },
    { name: "POST /api/v1/requests", server: opts.app, url: `${opts.app.url}/api/v1/requests`, headers: { ...json, authorization: `Bearer ${opts.agentToken}` } },
  ];
  const rows: ThroughputRow[] = [];
  const ratios: ThroughputResult["ratios"] = [];
  for (const connections of opts.concurrencies) {
    const runs = new Map<ThroughputRow["target"], Run[]>(targets.map((t) => [t.name, []]));
    for (const t of targets) {
      await load({ url: t.url, headers: t.headers, connections, durationS: 1 }); // warm-up: JIT, pools, page cache
      await settle(t.server.pid, { maxMs: 30_000 });
    }
    for (let round = 0; round < rounds; round++) {
      for (const t of targets) {
        const cpuBefore = t.server.stats().cpuMs;
        const started = Date.now();
        const r = await load({ url: t.url, headers: t.headers, connections, durationS: slice });
        const seconds = (Date.now() - started) / 1000;
        const cpuMs = t.server.stats().cpuMs - cpuBefore;
        // Requests still in flight when a run stops are abandoned by the client, not by the
        // server: let it finish them, or the next run measures their backlog.
        await settle(t.server.pid, { maxMs: 30_000 });
        runs.get(t.name)!.push({ ...r, seconds, cpuMs });
      }
    }
    for (const t of targets) {
      const rs = runs.get(t.name)!;
      const sum = (f: (r: Run) => number) => rs.reduce((a, r) => a + f(r), 0);
      const latencies = rs.flatMap((r) => r.latencies);
      const row: ThroughputRow = {
        concurrency: connections,
        target: t.name,
        rps: round(sum((r) => r.ok) / (rounds * slice), 1),
        latencyMs: summarise(latencies),
        ok: sum((r) => r.ok),
        non2xx: sum((r) => r.non2xx),
        errors: sum((r) => r.errors),
        serverCpuPct: Math.round((sum((r) => r.cpuMs) / (sum((r) => r.seconds) * 1000)) * 100),
        cpuMsPerRequest: round(sum((r) => r.cpuMs) / Math.max(1, sum((r) => r.ok)), 2),
        roundsRps: rs.map((r) => round(r.rps, 1)),
      };
      rows.push(row);
      opts.log(`  c=${connections} ${t.name}: ${row.rps} req/s (rounds ${row.roundsRps.join(" / ")}), p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, server CPU ${row.serverCpuPct} %, ${row.cpuMsPerRequest} CPU ms/req${row.non2xx || row.errors ? `, non-2xx ${row.non2xx}, errors ${row.errors}` : ""}`);
    }
    const per = (a: ThroughputRow["target"], b: ThroughputRow["target"]) =>
      round(median(runs.get(a)!.map((r, i) => r.rps / runs.get(b)![i]!.rps)), 3);
    ratios.push({
      concurrency: connections,
      submitVsBareRoute: per("POST /api/v1/requests", "bare Next route"),
      submitVsNodeHttp: per("POST /api/v1/requests", "node:http floor"),
      bareRouteVsNodeHttp: per("bare Next route", "node:http floor"),
    });
  }
  return { durationS: opts.durationS, rounds, rows, ratios };
}
