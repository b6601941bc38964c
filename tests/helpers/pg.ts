// A throw-away PostgreSQL database per test run, on a local server only.
import { randomBytes } from "node:crypto";
import { Client } from "pg";

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
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  u.pathname = `/${name}`;
  return u.toString();
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
