// The delivery worker is woken by whoever writes outbox rows, not by every committed event
// (lib/notify/wake.ts). Here its poll timer is an hour, so nothing but those wake-ups can send:
// a create and a reply on the instance wake its own worker, and rows written by another
// instance (this test process, which runs no worker) wake it through PostgreSQL NOTIFY.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { newId } from "@/lib/ids";
import { runAdmin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { dbEnv, migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startReceiver, waitFor, type Receiver } from "../api/notify-helpers";

// A database of our own: the suite's server (other keys, other CALLBACK_HOSTS, its own poll
// timer) would otherwise be a second instance of this deployment, woken by the same NOTIFY.
const dir = mkdtempSync(path.join(tmpdir(), "oq-notify-wake-"));
let dropDb: () => Promise<void> = async () => {};
let server: TestServer;
let rx: Receiver;
const saved = process.env.DATABASE_URL;

beforeAll(async () => {
  rx = await startReceiver();
  dropDb = await ownDatabase(dir);
  migrate(dir);
  server = await startServer({ dataDir: dir, env: { CALLBACK_HOSTS: "127.0.0.1", NOTIFY_POLL_MS: String(3600_000) } });
});
afterAll(async () => {
  await server?.stop();
  await rx?.close();
  if (process.env.DATABASE_URL !== saved) {
    // Only the fast insert's pool was used (Prisma's disconnect does not end it).
    const { closeDb, pgPool } = await import("@/lib/db/client");
    await pgPool().end();
    await closeDb();
  }
  await dropDb();
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  if (!process.env.KEEP_TEST_DATA) rmSync(dir, { recursive: true, force: true });
});

const received = (type: string, requestId: string) =>
  rx.received.find((r) => r.json.type === type && (r.json.request as { id?: string } | null)?.id === requestId);

/** Waits for the webhook of `type` for the request; on time-out, says what became of its deliveries. */
async function delivered(what: string, type: string, requestId: string) {
  return waitFor(what, () => received(type, requestId)).catch(async (e: Error) => {
    const rows = await rawQuery(dir, `SELECT type, status, attempts, "lastError", "leaseId" FROM "Delivery" WHERE "requestId" = ?`, [requestId]);
    throw new Error(`${e.message}: ${JSON.stringify(rows)}`);
  });
}

describe("delivery worker wake-ups (no polling)", () => {
  it("sends what this instance wrote and what another instance wrote", async () => {
    const slug = `wake-${uid()}`;
    expect((await runAdmin(dir, ["team", "create", slug])).code).toBe(0);
    const token = (await runAdmin(dir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer"])).stdout.trim().split("\n").at(-1)!;
    const client = new QuestionsClient({ baseUrl: server.url, token });
    const callbackUrl = `${rx.url}/callback`;

    // This instance's create (the fast insert; non-interactive, so rejected at once and called
    // back) and reply (a transition) wake its own worker.
    const rejected = await client.create(singleSelect({ mode: "non_interactive", callbackUrl }));
    await delivered("the create's callback", "request.rejected", rejected.id);
    const created = await client.create(singleSelect({ callbackUrl }));
    await client.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    await delivered("the reply's callback", "request.answered", created.id);

    // Another instance (this process: its own INSTANCE_ID, no worker) writes a create with a
    // delivery through the same fast insert; only its NOTIFY can wake the server's worker.
    const [team] = await rawQuery<{ id: string }>(dir, `SELECT id FROM "Team" WHERE slug = ?`, [slug]);
    process.env.DATABASE_URL = dbEnv(dir).DATABASE_URL;
    const { insertCreate } = await import("@/lib/db/fast-insert");
    const now = new Date();
    const id = newId("qr");
    const deliveryId = newId("dl");
    const envelope = { id: deliveryId, type: "request.created", createdAt: now.toISOString(), request: { id } };
    await insertCreate({
      request: { id, teamId: team!.id, source: "codex", mode: "interactive", agentName: "elsewhere", questions: "[]", createdAt: now },
      event: { teamId: team!.id, requestId: id, tokenId: null, type: "request.created", payload: JSON.stringify({ id }), createdAt: now },
      deliveries: [
        { id: deliveryId, teamId: team!.id, requestId: id, kind: "callback", target: `${rx.url}/elsewhere`, dedupe: `callback:${id}`, type: "request.created", body: JSON.stringify(envelope), createdAt: now, nextAttemptAt: now, deadlineAt: new Date(now.getTime() + 3600_000) },
      ],
    });
    const got = await delivered("the other instance's delivery", "request.created", id);
    expect(got.headers["questions-delivery"]).toBe(deliveryId);
  });
});
