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

if (import.meta.url === `file://${process.argv[1]}`) prepareDb();
