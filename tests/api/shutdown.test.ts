// SIGTERM: open waits end with a retryable 503 and event streams close with a retry hint,
// promptly, instead of hanging until the process dies. Uses its own server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { migrate, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-shutdown-"));
let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("graceful shutdown", () => {
  it("ends waits with 503 + Retry-After and closes streams with a retry hint", async () => {
    migrate(dataDir);
    const token = createToken(dataDir, { name: "agent", scopes: "ask,answer" });
    server = await startServer({ dataDir });
    const client = new QuestionsClient({ baseUrl: server.url, token });
    const created = await client.create(singleSelect());
    const headers = { authorization: `Bearer ${token}` };
    const wait = fetch(`${server.url}/api/v1/requests/${created.id}?wait=60`, { headers });
    // Several streams, one of them resuming (replaying): the one drain callback ends every one.
    const open = (from?: number) => fetch(`${server!.url}/api/v1/events`, { headers: from === undefined ? headers : { ...headers, "last-event-id": String(from) } });
    const streams = await Promise.all([open(), open(), open(0)]);
    const streamTexts = streams.map(async (events) => {
      let text = "";
      const reader = events.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const stopping = server.stop("SIGTERM");
    const res = await wait;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    for (const text of await Promise.all(streamTexts)) expect(text).toMatch(/server shutting down, reconnect/);
    await stopping;
    server = undefined;
  });
});
