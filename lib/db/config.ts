// Which database to use, from DATABASE_URL and DATA_DIR (SPEC §5). No imports beyond node:
// the Prisma CLI config and start-up scripts load this file too.
import path from "node:path";

export type DatabaseConfig =
  | { provider: "sqlite"; url: string; file: string }
  | { provider: "postgresql"; url: string };

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || "./data");
}

export function databaseConfig(): DatabaseConfig {
  const url = process.env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { provider: "postgresql", url };
  if (url && !url.startsWith("file:")) {
    throw new Error("DATABASE_URL must start with file: or postgresql://");
  }
  const file = url ? path.resolve(/*turbopackIgnore: true*/ url.slice("file:".length)) : path.join(dataDir(), "questions.db");
  return { provider: "sqlite", url: `file:${file}`, file };
}
