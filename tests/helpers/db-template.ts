// Migrated, empty databases to copy for the tests' fresh data dirs and throw-away PostgreSQL
// databases: scripts/prepare-db.mjs runs the Prisma CLI once per set of committed migrations
// (named by their hash) instead of once per database (~4 CPU-seconds each, ~30 per SQLite run and
// ~16 per PostgreSQL run, plus on PostgreSQL a 10-second timer its schema engine leaves behind).
// A copy is what prepare-db makes of an empty database, because prepare-db made it;
// tests/api/prepare-db.test.ts runs prepare-db itself on one.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CACHE = path.join(ROOT, "node_modules/.cache/oq-tests");

/** `npm run prepare-db` with this environment. */
export function prepareDb(env: NodeJS.ProcessEnv): void {
  execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

/** A short hash of the committed migrations of one provider (names and SQL). */
export function migrationsHash(provider: "sqlite" | "postgres"): string {
  const dir = path.join(ROOT, "prisma", provider, "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    const sql = path.join(dir, name, "migration.sql");
    if (existsSync(sql)) hash.update(`${name}\n`).update(readFileSync(sql));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The path of a migrated, empty SQLite database (made on first use). */
export function sqliteTemplate(): string {
  const template = path.join(CACHE, `sqlite-${migrationsHash("sqlite")}.db`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(tmpdir(), "oq-template-"));
  try {
    prepareDb({ ...process.env, DATA_DIR: dir, DATABASE_URL: "" });
    mkdirSync(CACHE, { recursive: true });
    // Copied aside, then renamed: a test file in another worker may be copying it already.
    const tmp = `${template}.${process.pid}.tmp`;
    copyFileSync(path.join(dir, "questions.db"), tmp);
    renameSync(tmp, template);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}
