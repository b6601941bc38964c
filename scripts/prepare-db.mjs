// Brings the database to the committed schema: creates DATA_DIR, applies migrations with the
// Prisma CLI (JS engine, no downloads). Safe to run on every start.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || "./data");
}

export function databaseUrl() {
  const url = process.env.DATABASE_URL?.trim();
  return url || `file:${path.join(dataDir(), "questions.db")}`;
}

export async function prepareDb({ quiet = false } = {}) {
  mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
  if (!existsSync("lib/db/generated/sqlite/client.ts") || !existsSync("lib/db/generated/postgres/client.ts")) {
    execFileSync(process.execPath, ["scripts/generate.mjs"], { stdio: "inherit" });
  }
  const applied = await upToDate(databaseUrl());
  if (applied) {
    if (!quiet) process.stdout.write(`Database is up to date (${applied} migrations applied).\n`);
    return;
  }
  let out;
  try {
    out = execFileSync("npx", ["prisma", "migrate", "deploy"], {
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: databaseUrl() },
    });
  } catch (e) {
    process.stderr.write(`${e.stdout ?? ""}${e.stderr ?? ""}`);
    throw e;
  }
  if (!quiet) process.stdout.write(withoutAdapterWarning(out));
}

// The CLI warns that the schema's `url` is unused under a driver adapter. It is expected here: the
// CLI needs `url` to stay on its JS engine (see prisma.config.ts), and the adapter gets the same URL.
const ADAPTER_WARNING = /WARNING: Your schema specifies the following datasource properties[\s\S]*?only using driver adapters\.\n*/;

export function withoutAdapterWarning(text) {
  return text.replace(ADAPTER_WARNING, "");
}

const isPostgres = (url) => /^postgres(ql)?:\/\//.test(url);

/** The committed migrations: name and the checksum Prisma records for each (SHA-256 of its SQL). */
function committedMigrations(url) {
  const dir = path.join("prisma", isPostgres(url) ? "postgres" : "sqlite", "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => ({ name: e.name, checksum: createHash("sha256").update(readFileSync(path.join(dir, e.name, "migration.sql"))).digest("hex") }));
}

/**
 * How many migrations are applied when every committed one is, unchanged and nothing else is
 * recorded; else 0 and the CLI decides. Skipping the CLI when there is nothing to do saves its
 * start (2 s) and, on PostgreSQL, a 10 s timer its schema engine leaves behind before exiting.
 */
async function upToDate(url) {
  let rows;
  try {
    rows = await appliedMigrations(url);
  } catch {
    return 0; // no database or no migrations table yet: the CLI creates them
  }
  const committed = committedMigrations(url);
  if (!rows || rows.length !== committed.length) return 0;
  const byName = new Map(rows.map((r) => [r.migration_name, r]));
  const ok = committed.every((m) => {
    const r = byName.get(m.name);
    return r && r.checksum === m.checksum && r.finished_at !== null && r.rolled_back_at === null;
  });
  return ok ? committed.length : 0;
}

const APPLIED_SQL = "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations";

async function appliedMigrations(url) {
  if (isPostgres(url)) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(APPLIED_SQL)).rows;
    } finally {
      await client.end();
    }
  }
  const file = url.slice("file:".length);
  if (!existsSync(file)) return null;
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(APPLIED_SQL).all();
  } finally {
    db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareDb();
