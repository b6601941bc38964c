// `npm start`: migrate the database, build if the sources changed, then serve with scripts/server.mjs
// (Next.js and the realtime routes, lib/http/server.ts).
// package.json runs this with `exec`: npm passes SIGINT/SIGTERM to its direct child only, and a
// shell in between would swallow them (the server would be orphaned, still serving).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { constants as osConstants } from "node:os";
import path from "node:path";
import { dataDir, databaseUrl, prepareDb } from "./prepare-db.mjs";

// packages/client/src: the app bundles the client package's sources (the Claude Code mapping).
const SOURCES = ["app", "components", "lib", "packages/client/src", "proxy.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === "generated" || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when there is no production build, or a source file is newer than it. */
export function needsBuild() {
  const marker = ".next/BUILD_ID";
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

/** The core package: lib/ compiled (scripts/build-core.mjs, ~0.3 s), which the server and Next load. */
export function buildCore() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, "build-core.mjs")], { stdio: "inherit" });
}

/** The core package, then Next's build, which loads it. */
export function build() {
  buildCore();
  execFileSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}

/** True when no user exists yet: the first visit then goes to /setup. */
async function needsSetup() {
  const url = databaseUrl();
  try {
    if (/^postgres(ql)?:/.test(url)) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query('SELECT 1 FROM "User" LIMIT 1')).rowCount === 0;
      } finally {
        await client.end();
      }
    }
    const { default: Database } = await import("better-sqlite3");
    const sqlite = new Database(url.slice("file:".length), { readonly: true });
    try {
      return !sqlite.prepare('SELECT 1 FROM "User" LIMIT 1').get();
    } finally {
      sqlite.close();
    }
  } catch {
    return false;
  }
}

/** Stops here, naming the variable, when the environment is invalid (before migrating or building). */
async function checkConfig() {
  const { tsImport } = await import("tsx/esm/api");
  const { checkConfigOrExit } = await tsImport("../lib/config/check.ts", import.meta.url);
  return checkConfigOrExit();
}

async function main() {
  const config = await checkConfig();
  await prepareDb();
  // The core package is rebuilt every start (~0.3 s): the server loads lib/ from it, not from .next.
  if (needsBuild()) build();
  else buildCore();
  const port = String(config.PORT);
  const host = config.HOST;
  const signIn = (await needsSetup()) ? `http://localhost:${port}/setup to create the first admin` : `http://localhost:${port}/signin`;
  console.log(`\nOpenOxide Questions: data in ${dataDir()}\nServing on http://localhost:${port} (API under /api/v1)\nSign in: ${signIn}\n`);
  serve(["-p", port, "-H", host]);
}

/**
 * Runs scripts/server.mjs as our only child (no npx in between, which would not pass signals on).
 * SIGINT/SIGTERM are forwarded so the server drains (ends waits and streams, releases the pool);
 * we exit when it does, with its status. A second signal kills it outright.
 */
export function serve(args) {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "server.mjs"), ...args], {
    stdio: "inherit",
    // Set here, before the server starts: it never writes its own environment.
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  let forwarded;
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      child.kill(forwarded ? "SIGKILL" : sig);
      forwarded = sig;
    });
  }
  // Stopped by the signal we forwarded (Next exits 128 + its number): a clean stop, status 0.
  // Otherwise the server's own status.
  child.on("exit", (code, signal) => {
    const stopped = forwarded && (signal === forwarded || code === 128 + osConstants.signals[forwarded]);
    process.exit(stopped ? 0 : (code ?? 1));
  });
  return child;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
