// Stalled receivers do not hold the worker's slots: with NOTIFY_CONCURRENCY=2 two of a team's
// webhooks that never answer have a send each under way, and a third webhook's delivery still
// arrives while both are held open (their 30 s timeout far off). Before, each send held its slot
// until it ended, so the good delivery waited for a stalled one to time out.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { adminOk } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";
import { freePort, migrate, startServer, type TestServer } from "../helpers/server";
import { startReceiver, waitFor, type Receiver } from "./notify-helpers";

const ENV = { NOTIFY_CONCURRENCY: "2", NOTIFY_PER_DESTINATION: "1", NOTIFY_TIMEOUT_MS: "30000" };

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-notify-stalled-"));
let server: TestServer;
let good: Receiver;

/** Takes requests and never answers; counts those held open and those whose socket closed. */
function blackHole() {
  const state = { open: 0, closed: 0 };
  const srv: Server = createServer((req) => {
    state.open++;
    req.socket.once("close", () => (state.open--, state.closed++));
  });
  return { srv, state };
}
const hole = blackHole();
let holeUrl = "";

beforeAll(async () => {
  // On PostgreSQL a database of our own: no other server's worker may take these deliveries.
  if (process.env.TEST_PG_URL) process.env.TEST_DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL);
  migrate(dataDir);
  const port = await freePort();
  await new Promise<void>((resolve) => hole.srv.listen(port, "127.0.0.1", resolve));
  holeUrl = `http://127.0.0.1:${port}`;
  good = await startReceiver();
  server = await startServer({ dataDir, env: ENV, logName: "notify-stalled.log" });
}, 300_000);
afterAll(async () => {
  hole.srv.closeAllConnections();
  hole.srv.close();
  await good?.close();
  await server?.stop();
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_PG_URL && process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_PG_URL, process.env.TEST_DATABASE_URL);
});

describe("stalled webhooks", { timeout: 120_000 }, () => {
  it("two webhooks that never answer, as many as NOTIFY_CONCURRENCY, do not delay a third's delivery", async () => {
    const slug = `t-${uid()}`;
    await adminOk(dataDir, ["team", "create", slug]);
    const out = await adminOk(dataDir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer,read"]);
    const client = new QuestionsClient({ baseUrl: server.url, token: out.trim().split("\n").at(-1)!.trim() });
    await adminOk(dataDir, ["webhook", "create", "--team", slug, "--url", `${holeUrl}/a`]);
    await adminOk(dataDir, ["webhook", "create", "--team", slug, "--url", `${holeUrl}/b`]);
    await client.create(singleSelect());
    await waitFor("both stalled webhooks to hold a send", () => hole.state.open === 2);

    await adminOk(dataDir, ["webhook", "create", "--team", slug, "--url", `${good.url}/good`]);
    const r = await client.create(singleSelect());
    await waitFor("the good webhook's delivery", () => good.received.some((x) => (x.json.request as { id?: string } | null)?.id === r.id), 15_000);
    // It arrived while both stalled sends were still held: they did not have to end first.
    expect(hole.state.closed).toBe(0);
    expect(hole.state.open).toBe(2);
  });
});
