// Durability: a server restart loses nothing. Uses its own server and database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { migrate, startServer, type TestServer } from "../helpers/server";
import { singleSelect } from "../helpers/clients";
import { rawQuery, storedDate } from "../helpers/raw-db";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-restart-"));
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("restart", () => {
  it("a waiter survives a restart and receives the answer given afterwards", async () => {
    migrate(dataDir);
    const askToken = createToken(dataDir, { name: "agent", scopes: "ask" });
    const answerToken = createToken(dataDir, { name: "reviewer", scopes: "answer" });
    const first = await startServer({ dataDir });
    servers.push(first);
    const port = first.port;
    const agent = new QuestionsClient({ baseUrl: first.url, token: askToken });
    const created = await agent.create(singleSelect());
    const waiting = agent.wait(created.id, { timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    await first.stop();

    const second = await startServer({ dataDir, port });
    servers.push(second);
    const reviewer = new QuestionsClient({ baseUrl: second.url, token: answerToken });
    expect((await reviewer.get(created.id)).status).toBe("pending");
    await reviewer.reply(created.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const result = await waiting;
    expect(result.status).toBe("answered");
    expect(result.response).toMatchObject({ answers: { db: { selected: ["PostgreSQL"] } } });
  }, 300_000); // two server starts: each can take a minute or more on a loaded 2-core machine

  it("a request that expired while the server was down is expired at start", async () => {
    const askToken = createToken(dataDir, { name: "agent-2", scopes: "ask" });
    const srv = await startServer({ dataDir });
    servers.push(srv);
    const agent = new QuestionsClient({ baseUrl: srv.url, token: askToken });
    const created = await agent.create(singleSelect({ timeoutSeconds: 600 }));
    await srv.stop();
    // Move the deadline into the past while no server runs.
    await rawQuery(dataDir, `UPDATE "QuestionRequest" SET "expiresAt" = ? WHERE id = ?`, [storedDate(new Date(Date.now() - 1000)), created.id]);
    const again = await startServer({ dataDir });
    servers.push(again);
    const client = new QuestionsClient({ baseUrl: again.url, token: askToken });
    const read = await client.get(created.id);
    expect(read.status).toBe("expired");
    expect(read.response).toMatchObject({ rejection: { code: "expired" } });
  }, 300_000);
});
