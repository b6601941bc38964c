// One production build and one server for the API suite, on a fresh database in a temp DATA_DIR.
// Tests seed their own data (unique names), so files run in parallel against it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildOnce } from "./build-once";
import { bundleAdmin } from "./admin-bundle";
import { admin, createToken } from "./cli";
import { migrate, startServer, ROOT, type TestServer } from "./server";
import { createTestDatabase, dropTestDatabase } from "./pg";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    logFile: string;
    tokens: { agent: string; reviewer: string; reader: string; all: string; otherTeam: string };
  }
}

let server: TestServer | undefined;
let dataDir = "";

export async function setup(project: TestProject): Promise<void> {
  process.chdir(ROOT);
  await Promise.all([buildOnce(), bundleAdmin()]);
  // `npm run test:pg`: the same suite on a fresh PostgreSQL database (workers inherit the env).
  if (process.env.TEST_PG_URL) process.env.TEST_DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL);
  dataDir = mkdtempSync(path.join(tmpdir(), "oq-api-"));
  migrate(dataDir);
  const other = admin(dataDir, ["team", "create", "other", "--name", "Other team"]);
  if (other.code !== 0) throw new Error(other.stderr);
  const tokens = {
    agent: createToken(dataDir, { name: "agent", scopes: "ask" }),
    reviewer: createToken(dataDir, { name: "reviewer", scopes: "answer" }),
    reader: createToken(dataDir, { name: "reader", scopes: "read" }),
    all: createToken(dataDir, { name: "all", scopes: "ask,answer,read" }),
    otherTeam: createToken(dataDir, { team: "other", name: "other-agent", scopes: "ask,answer,read" }),
  };
  server = await startServer({ dataDir, logName: "server.log" });
  // Its key file, for tests that start servers of their own on the same PostgreSQL database.
  process.env.TEST_SHARED_DATA_DIR = dataDir;
  project.provide("baseUrl", server.url);
  project.provide("dataDir", dataDir);
  project.provide("logFile", server.logFile);
  project.provide("tokens", tokens);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_PG_URL && process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_PG_URL, process.env.TEST_DATABASE_URL);
}
