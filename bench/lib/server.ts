// Starts the production server (scripts/server.mjs: the realtime routes and Next.js) or the plain node:http floor for the benchmark, with
// the open-file limit raised to the hard limit (10,000 waiters need 10,000 sockets), and reads the
// server's RSS, open descriptors and CPU time from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort, ROOT } from "../../tests/helpers/server";
import { sleep } from "./stats";

export type ProcStats = { rssMb: number; peakRssMb: number; fds: number; cpuMs: number };

export type BenchServer = {
  url: string;
  pid: number;
  logFile: string;
  stats: () => ProcStats;
  stop: () => Promise<void>;
};

const CLK_TCK = 100; // Linux USER_HZ

export function procStats(pid: number): ProcStats {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  // /proc/<pid>/stat: the command may contain spaces, so count fields after the closing paren.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return {
    rssMb: Math.round(kb("VmRSS") / 102.4) / 10,
    peakRssMb: Math.round(kb("VmHWM") / 102.4) / 10,
    fds: readdirSync(`/proc/${pid}/fd`).length,
    cpuMs: (ticks * 1000) / CLK_TCK,
  };
}

/** Waits until the process has used less than `busyPct` of one core over `windowMs`; false on timeout. */
export async function settle(pid: number, opts: { windowMs?: number; busyPct?: number; maxMs?: number } = {}): Promise<boolean> {
  const { windowMs = 500, busyPct = 5, maxMs = 60_000 } = opts;
  const deadline = Date.now() + maxMs;
  let before = procStats(pid).cpuMs;
  while (Date.now() < deadline) {
    await sleep(windowMs);
    const now = procStats(pid).cpuMs;
    if (((now - before) / windowMs) * 100 < busyPct) return true;
    before = now;
  }
  return false;
}

type StartOptions = {
  cwd: string;
  /** node arguments and script, e.g. [next, "start", …] */
  args: (port: number) => string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  healthPath: string;
  nodeFlags?: string[];
};

async function startProcess(opts: StartOptions): Promise<BenchServer> {
  const port = await freePort();
  const out = createWriteStream(opts.logFile, { flags: "a" });
  // `exec` keeps one process: the pid we measure is the server itself, not a shell.
  const child: ChildProcess = spawn(
    "bash",
    ["-c", 'ulimit -n "$(ulimit -Hn)" && exec "$@"', "bash", process.execPath, ...(opts.nodeFlags ?? []), ...opts.args(port)],
    { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early, see ${opts.logFile}`);
    try {
      const res = await fetch(url + opts.healthPath);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy, see ${opts.logFile}`);
    }
    await sleep(100);
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    logFile: opts.logFile,
    stats: () => procStats(pid),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      out.end();
    },
  };
}

/** The production server (scripts/server.mjs) in `appDir` (see build.ts) against the given database, with the bare-route floor enabled. */
export function startApp(opts: { appDir: string; dataDir: string; databaseUrl: string; logName: string; cpuProfDir?: string }): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // Off unless BENCH_RATE_LIMIT gives a budget (to measure the limiter's own cost; high enough never to refuse).
    RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT ?? "0",
    BENCH_FLOOR: "1",
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    // The default log level (info: one line per API call) unless asked otherwise: measure what ships.
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  };
  return startProcess({
    cwd: opts.appDir,
    args: (port) => [path.join(ROOT, "scripts/server.mjs"), "-p", String(port), "-H", "127.0.0.1"],
    env,
    logFile: path.join(opts.dataDir, opts.logName),
    healthPath: "/api/health",
    // BENCH_NODE_FLAGS: extra flags for the app server, e.g. --heapsnapshot-signal=SIGUSR2
    nodeFlags: [...(opts.cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${opts.cpuProfDir}`] : []), ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [])],
  });
}

/** The answer-latency floor server (bench/latency-floor-server.ts), committing to `pgUrl` when given. */
export function startLatencyFloor(opts: { logFile: string; pgUrl?: string }): Promise<BenchServer> {
  return startProcess({
    cwd: ROOT,
    args: (port) => ["--import", "tsx", path.join(ROOT, "bench/latency-floor-server.ts"), String(port)],
    env: { ...process.env, NODE_ENV: "production", FLOOR_PG_URL: opts.pgUrl ?? "" },
    logFile: opts.logFile,
    healthPath: "/parked/health",
  });
}

/** The plain node:http floor (bench/floor-server.ts). */
export function startFloor(opts: { logFile: string }): Promise<BenchServer> {
  return startProcess({
    cwd: ROOT,
    args: (port) => ["--import", "tsx", path.join(ROOT, "bench/floor-server.ts"), String(port)],
    env: { ...process.env, NODE_ENV: "production" },
    logFile: opts.logFile,
    healthPath: "/",
  });
}
