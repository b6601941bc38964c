// Starts the real server on a free port against a given DATA_DIR (or DATABASE_URL): the production
// build through scripts/server.mjs as `npm start` runs it, or (dev) scripts/dev.mjs as `npm run dev` does.
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { prepareDb, sqliteTemplate } from "./db-template";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type TestServer = { url: string; port: number; logFile: string; stop: (signal?: NodeJS.Signals) => Promise<void>; logs: () => string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

// Data dirs whose tests need a database of their own on PostgreSQL (see ownDatabase).
const ownDatabases = new Map<string, string>();

export function dbEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const url = ownDatabases.get(dataDir) ?? process.env.TEST_DATABASE_URL;
  if (url) env.DATABASE_URL = url;
  return env;
}

/**
 * On PostgreSQL a test's own data dir still shares the suite's database, whose secrets are sealed
 * with the suite server's keys: give it the same key file (the latest, as `keys rotate` only adds
 * keys), or its server rightly refuses to start without the keys that database needs.
 */
function shareKeys(dataDir: string): void {
  const shared = process.env.TEST_SHARED_DATA_DIR;
  if (!process.env.TEST_DATABASE_URL || ownDatabases.has(dataDir) || !shared || path.resolve(shared) === path.resolve(dataDir)) return;
  const file = path.join(shared, "secret-keys.json");
  if (!existsSync(file)) return;
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(file, path.join(dataDir, "secret-keys.json"));
}

/**
 * For a test that changes the whole database (prunes the event log, loses the key file): on
 * PostgreSQL a fresh database just for `dataDir` (SQLite has one per data dir anyway). Returns a
 * cleanup function.
 */
export async function ownDatabase(dataDir: string): Promise<() => Promise<void>> {
  const admin = process.env.TEST_PG_URL;
  if (!admin) return async () => {};
  const { createTestDatabase, dropTestDatabase } = await import("./pg");
  const url = await createTestDatabase(admin);
  ownDatabases.set(dataDir, url);
  return () => dropTestDatabase(admin, url);
}

/** Applies the committed migrations to the test database. */
export function migrate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  shareKeys(dataDir);
  const env = { ...process.env, ...dbEnv(dataDir) };
  // A new SQLite data dir gets a copy of a migrated, empty database (tests/helpers/db-template.ts);
  // PostgreSQL test databases are made from one already (tests/helpers/pg.ts).
  const file = path.join(dataDir, "questions.db");
  if (!env.DATABASE_URL && !existsSync(file)) return copyFileSync(sqliteTemplate(), file);
  prepareDb(env);
}

export async function startServer(opts: { dataDir: string; env?: Record<string, string>; port?: number; logName?: string; dev?: boolean }): Promise<TestServer> {
  const port = opts.port ?? (await freePort());
  shareKeys(opts.dataDir);
  const logFile = path.join(opts.dataDir, opts.logName ?? `server-${port}.log`);
  const out = createWriteStream(logFile, { flags: "a" });
  const script = path.join(ROOT, opts.dev ? "scripts/dev.mjs" : "scripts/server.mjs");
  const child: ChildProcess = spawn(process.execPath, [script, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: opts.dev ? "development" : "production", NEXT_TELEMETRY_DISABLED: "1", RATE_LIMIT_PER_MINUTE: "0", ...dbEnv(opts.dataDir), ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Generous: on a loaded 2-core machine a production start can take a minute (dev compiles the route first).
  const deadline = Date.now() + (opts.dev ? 240_000 : 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${readFileSync(logFile, "utf8")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${readFileSync(logFile, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    logFile,
    logs: () => readFileSync(logFile, "utf8"),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      out.end();
    },
  };
}
