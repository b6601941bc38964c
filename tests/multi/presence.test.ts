// Presence across instances (PostgreSQL): two servers of their own with PRESENCE_SECONDS=1 and
// ABANDON_AFTER=3 s. An agent long-polling on A keeps its request alive although B sweeps too
// (presence lives in the database, refreshed by the instance holding the wait); once it stops,
// the request is withdrawn; a request nobody waits for is withdrawn meanwhile.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { defaultTeamAdmin } from "../helpers/ui-admin";
import { singleSelect } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";

const ABANDON_SECONDS = 3;
const servers: TestServer[] = [];
let dataDir: string;
let dropDatabase: () => Promise<void>;
const tokens = { agent: "", reviewer: "" };

// A database of its own: these servers withdraw any request left alone for 4 s, other tests' too.
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "oq-presence-multi-"));
  dropDatabase = await ownDatabase(dataDir);
  migrate(dataDir);
  const env = { PRESENCE_SECONDS: "1", ABANDON_AFTER: String(ABANDON_SECONDS) };
  for (const name of ["a", "b"]) servers.push(await startServer({ dataDir, env, logName: `presence-${name}.log` }));
  const admin = await defaultTeamAdmin(servers[0]!.url, dataDir);
  tokens.agent = await admin.token(["ask"]);
  tokens.reviewer = await admin.token(["answer"]);
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const client = (server: TestServer, token: string) => new QuestionsClient({ baseUrl: server.url, token });

describe("presence across instances", () => {
  it("a waiter on A keeps the request alive while B sweeps; once it stops, the request is withdrawn", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const held = await client(a, tokens.agent).create(singleSelect());
    const idle = await client(b, tokens.agent).create(singleSelect());
    // Long-polls on A, for more than PRESENCE_SECONDS + ABANDON_AFTER.
    const waiting = client(a, tokens.agent).wait(held.id, { timeoutMs: (ABANDON_SECONDS + 5) * 1000 });

    // Meanwhile the idle one (nobody waits) is withdrawn, by whichever instance sweeps first.
    const abandoned = await client(b, tokens.reviewer).wait(idle.id, { timeoutMs: 30_000 });
    expect(abandoned.status).toBe("cancelled");
    expect(JSON.stringify(abandoned.response)).toContain("the agent stopped waiting");

    const stillWaiting = await waiting;
    expect(stillWaiting.status).toBe("pending");
    const [row] = await rawQuery<{ agentGoneAt: unknown; agentSeenAt: Date | string }>(dataDir, `SELECT "agentGoneAt", "agentSeenAt" FROM "QuestionRequest" WHERE id = ?`, [held.id]);
    expect(row!.agentGoneAt).toBeNull();
    expect(Date.now() - new Date(row!.agentSeenAt).getTime()).toBeLessThan(5_000);

    // The agent stops waiting: withdrawn after ABANDON_AFTER.
    const final = await client(b, tokens.reviewer).wait(held.id, { timeoutMs: 30_000 });
    expect(final.status).toBe("cancelled");
    expect(Date.parse(final.resolvedAt!) - Date.parse(stillWaiting.createdAt)).toBeGreaterThanOrEqual((ABANDON_SECONDS + 5) * 1000);
  });
});
