// A throw-away PostgreSQL database per test run, on a local server only.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { migrationsHash, prepareDb } from "./db-template";

function assertLocal(url: string): URL {
  const u = new URL(url);
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(u.hostname)) {
    throw new Error(`refusing to run tests against a non-local database host: ${u.hostname}`);
  }
  return u;
}

/** Creates a fresh database next to the one TEST_PG_URL names and returns its URL. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const u = assertLocal(adminUrl);
  const name = `oq_test_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await template(admin, u)}`);
  } finally {
    await admin.end();
  }
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated, empty database to copy (tests/helpers/db-template.ts), made once per set of
 * migrations under an advisory lock (test files in several workers start at once). Nothing
 * connects to it after it is made, as CREATE DATABASE … TEMPLATE requires.
 */
async function template(admin: Client, server: URL): Promise<string> {
  const name = `oq_template_${migrationsHash("postgres")}`;
  await admin.query("SELECT pg_advisory_lock(7264001)");
  try {
    if ((await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount) return name;
    const draft = `${name}_draft`;
    await admin.query(`DROP DATABASE IF EXISTS ${draft} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${draft}`);
    const url = new URL(server);
    url.pathname = `/${draft}`;
    prepareDb({ ...process.env, DATABASE_URL: url.toString() });
    // The migration's connections end with its process; the server may take a moment to see it.
    for (let i = 0; ; i++) {
      try {
        await admin.query(`ALTER DATABASE ${draft} RENAME TO ${name}`);
        return name;
      } catch (e) {
        if (i >= 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(7264001)");
  }
}

export async function dropTestDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^oq_test_[0-9a-f]{8}$/.test(name)) return;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
