// Brings the database to the committed schema: creates DATA_DIR, applies migrations with the
// Prisma CLI (JS engine, no downloads). Safe to run on every start.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || "./data");
}

export function databaseUrl() {
  const url = process.env.DATABASE_URL?.trim();
  return url || `file:${path.join(dataDir(), "questions.db")}`;
}

export function prepareDb({ quiet = false } = {}) {
  mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
  if (!existsSync("lib/db/generated/sqlite/client.ts") || !existsSync("lib/db/generated/postgres/client.ts")) {
    execFileSync(process.execPath, ["scripts/generate.mjs"], { stdio: "inherit" });
  }
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl() },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) prepareDb();
