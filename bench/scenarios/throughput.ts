// Submit throughput: POST /api/v1/requests at 1, 16 and 64 concurrent agents, next to two floors run
// in the same session with the same body — a bare Next.js route (no auth, no database) and a plain
// node:http server — so the ratios say what the app itself costs.
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
};

export type ThroughputResult = {
  durationS: number;
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

export async function runThroughput(opts: { app: BenchServer; floor: BenchServer; agentToken: string; durationS: number; concurrencies: number[]; log: (s: string) => void }): Promise<ThroughputResult> {
  const json = { "content-type": "application/json" };
  const targets: { name: ThroughputRow["target"]; server: BenchServer; url: string; headers: Record<string, string> }[] = [
    { name: "node:http floor", server: opts.floor, url: `${opts.floor.url}/`, headers: json },
    { name: "bare Next route", server: opts.app, url: `${opts.app.url}/api/bench/floor`, headers: json },
    { name: "POST /api/v1/requests", server: opts.app, url: `${opts.app.url}/api/v1/requests`, headers: { ...json, authorization: `Bearer ${opts.agentToken}` } },
  ];
  const rows: ThroughputRow[] = [];
  for (const connections of opts.concurrencies) {
    for (const t of targets) {
      await load({ url: t.url, headers: t.headers, connections, durationS: 1 }); // warm-up: JIT, pools, page cache
      // Requests still in flight when a run stops are abandoned by the client, not by the server:
      // let it finish them, or the next run measures their backlog.
      await settle(t.server.pid, { maxMs: 30_000 });
      const cpuBefore = t.server.stats().cpuMs;
      const started = Date.now();
      const r = await load({ url: t.url, headers: t.headers, connections, durationS: opts.durationS });
      const cpu = ((t.server.stats().cpuMs - cpuBefore) / (Date.now() - started)) * 100;
      await settle(t.server.pid, { maxMs: 30_000 });
      const row: ThroughputRow = { concurrency: connections, target: t.name, rps: round(r.rps, 1), latencyMs: summarise(r.latencies), ok: r.ok, non2xx: r.non2xx, errors: r.errors, serverCpuPct: Math.round(cpu) };
      rows.push(row);
      opts.log(`  c=${connections} ${t.name}: ${row.rps} req/s, p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, server CPU ${row.serverCpuPct} %${r.non2xx || r.errors ? `, non-2xx ${r.non2xx}, errors ${r.errors}` : ""}`);
    }
  }
  const ratios = opts.concurrencies.map((c) => {
    const rps = (name: ThroughputRow["target"]) => rows.find((r) => r.concurrency === c && r.target === name)!.rps;
    const submit = rps("POST /api/v1/requests");
    return {
      concurrency: c,
      submitVsBareRoute: round(submit / rps("bare Next route"), 3),
      submitVsNodeHttp: round(submit / rps("node:http floor"), 3),
      bareRouteVsNodeHttp: round(rps("bare Next route") / rps("node:http floor"), 3),
    };
  });
  return { durationS: opts.durationS, rows, ratios };
}
