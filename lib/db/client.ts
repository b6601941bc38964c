// The process-wide Prisma client: one per process (the server and Next's routes load this module
// once, from the core package), so one connection pool.
import { env } from "../config/env";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type Database from "better-sqlite3";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { PrismaClient as PgClient } from "./generated/postgres/client.ts";
import { databaseConfig } from "./config";
import { serialisedSqlite, type SerialisedSqlite } from "./sqlite-adapter";

// Both generated clients come from one model file, so they share one shape.
export type Db = InstanceType<typeof SqliteClient>;

// The driver under the client: the fast insert (lib/db/fast-insert) writes through it directly.
type Driver = { kind: "sqlite"; sqlite: SerialisedSqlite } | { kind: "postgresql"; pool: pg.Pool };
const g = globalThis as unknown as { __questionsDb?: Db; __questionsDriver?: Driver };

function createClient(): Db {
  const cfg = databaseConfig();
  if (cfg.provider === "sqlite") {
    const sqlite = serialisedSqlite(cfg.url);
    g.__questionsDriver = { kind: "sqlite", sqlite };
    return new SqliteClient({ adapter: sqlite });
  }
  // One pool shared by Prisma and the fast insert, so DATABASE_POOL_SIZE stays the one limit.
  const pool = new pg.Pool({ connectionString: cfg.url, max: env().DATABASE_POOL_SIZE });
  g.__questionsDriver = { kind: "postgresql", pool };
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PgClient({ adapter }) as unknown as Db;
}

export function db(): Db {
  g.__questionsDb ??= createClient();
  return g.__questionsDb;
}

/** The PostgreSQL pool behind db(). */
export function pgPool(): pg.Pool {
  db();
  const driver = g.__questionsDriver;
  if (driver?.kind !== "postgresql") throw new Error("not a PostgreSQL database");
  return driver.pool;
}

/** Runs `fn` with the SQLite connection behind db(), in turn with every Prisma statement. */
export async function sqliteExclusive<T>(fn: (connection: Database.Database) => T): Promise<T> {
  const client = db();
  const driver = g.__questionsDriver;
  if (driver?.kind !== "sqlite") throw new Error("not a SQLite database");
  if (!driver.sqlite.open) await client.$connect();
  return driver.sqlite.exclusive(fn);
}

export async function closeDb(): Promise<void> {
  const client = g.__questionsDb;
  g.__questionsDb = undefined;
  g.__questionsDriver = undefined;
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
