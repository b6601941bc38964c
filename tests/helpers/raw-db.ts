// Direct database access for the few tests that must look under the API (raw bytes, tampering).
import Database from "better-sqlite3";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";

import { dbEnv } from "./server";

const pgUrl = () => process.env.TEST_DATABASE_URL;

/** Runs one statement with `?` placeholders on whichever database the suite uses. */
export async function rawQuery<T = Record<string, unknown>>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const url = dbEnv(dataDir).DATABASE_URL;
  if (url) {
    let i = 0;
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql.replace(/\?/g, () => `$${++i}`), params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(path.join(dataDir, "questions.db"), { timeout: 10_000 });
  try {
    const stmt = sqlite.prepare(sql);
    return stmt.reader ? (stmt.all(...params) as T[]) : (stmt.run(...params), []);
  } finally {
    sqlite.close();
  }
}

/** A stored DateTime in the form the database uses. */
export function storedDate(d: Date): string | Date {
  return pgUrl() ? d : d.toISOString().replace("Z", "+00:00");
}

/** Everything the database holds, as bytes (SQLite files) or as every row's text (PostgreSQL). */
export async function rawDatabaseText(dataDir: string): Promise<Buffer> {
  if (!pgUrl()) {
    const files = readdirSync(dataDir).filter((f) => f.startsWith("questions.db"));
    return Buffer.concat(files.map((f) => readFileSync(path.join(dataDir, f))));
  }
  const tables = ["Team", "User", "Membership", "ApiToken", "QuestionRequest", "SecretAnswer", "IdempotencyRecord", "Event"];
  const parts: string[] = [];
  for (const t of tables) {
    const rows = await rawQuery<{ all: string | null }>(dataDir, `SELECT string_agg(t::text, '|') AS "all" FROM "${t}" t`);
    parts.push(rows[0]?.all ?? "");
  }
  return Buffer.from(parts.join("\n"));
}
