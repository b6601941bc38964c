// One production build and one server on a fresh database for the browser suite. Tests seed
// their own users and teams (unique names), so spec files run in parallel against it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOnce } from "../tests/helpers/build-once";
import { bundleAdmin } from "../tests/helpers/admin-bundle";
import { migrate, startServer, ROOT, type TestServer } from "../tests/helpers/server";
import { STATE_FILE, type E2eState } from "./state";

const g = globalThis as unknown as { __e2eServer?: TestServer; __e2eDataDir?: string };

export default async function globalSetup(): Promise<void> {
  process.chdir(ROOT);
  await Promise.all([buildOnce(), bundleAdmin()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), "oq-e2e-"));
  migrate(dataDir);
  const server = await startServer({ dataDir, logName: "server.log" });
  g.__e2eServer = server;
  g.__e2eDataDir = dataDir;
  const state: E2eState = { baseURL: server.url, dataDir };
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;
}
