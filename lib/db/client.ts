// The process-wide Prisma client. Kept on globalThis because Next.js may load this module
// more than once (separate route bundles); a second client would mean a second connection pool.
import { env } from "../config/env";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { PrismaClient as PgClient } from "./generated/postgres/client.ts";
import { databaseConfig } from "./config";
import { serialisedSqlite } from "./sqlite-adapter";

// Both generated clients come from one model file, so they share one shape.
export type Db = InstanceType<typeof SqliteClient>;

const g = globalThis as unknown as { __questionsDb?: Db };

function createClient(): Db {
  const cfg = databaseConfig();
  if (cfg.provider === "sqlite") return new SqliteClient({ adapter: serialisedSqlite(cfg.url) });
  const adapter = new PrismaPg({ connectionString: cfg.url, max: env().DATABASE_POOL_SIZE });
  return new PgClient({ adapter }) as unknown as Db;
}

export function db(): Db {
  g.__questionsDb ??= createClient();
  return g.__questionsDb;
}

export async function closeDb(): Promise<void> {
  const client = g.__questionsDb;
  g.__questionsDb = undefined;
  await client?.$disconnect();
}

/** True when a Prisma error is a unique-constraint violation. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: string }).code === "P2002";
}

/** True when a conditional update or delete matched no row. */
export function isNotFound(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: string }).code === "P2025";
}
