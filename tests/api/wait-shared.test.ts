// Long-poll waiters woken by the same events share each event's parsed view and its JSON text
// (lib/questions/wait.ts), and the realtime route writes that text as it is (lib/http/endpoints/
// get-request.ts). Every waiter must still get its own request, the view a read gives it, byte for
// byte, and never a secret's value.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { parked } from "../helpers/parked";
import { migrate, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-wait-shared-"));
let app: TestServer;
let ask: string;
let otherAsk: string;
let read: string;
let answer: string;

beforeAll(async () => {
  migrate(dataDir);
  ask = createToken(dataDir, { name: "shared-ask", scopes: "ask" });
  otherAsk = createToken(dataDir, { name: "shared-other-ask", scopes: "ask" });
  read = createToken(dataDir, { name: "shared-read", scopes: "read" });
  answer = createToken(dataDir, { name: "shared-answer", scopes: "answer,read" });
  app = await startServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function post(p: string, token: string, body: unknown): Promise<{ id: string; version: number }> {
  const res = await fetch(`${app.url}${p}`, { method: "POST", headers: { ...auth(token), "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { id: string; version: number };
}

type Reply = { status: number; etag: string | null; type: string | null; text: string };
async function poll(server: TestServer, token: string, id: string, wait = 30): Promise<Reply> {
  const res = await fetch(`${server.url}/api/v1/requests/${id}?wait=${wait}`, { headers: auth(token) });
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    type: res.headers.get("content-type"),
    text: await res.text(),
  };
}

describe("long-poll waiters woken by the same events", () => {
  it("each gets its own request's view, as a read gives it, without the secret value", async () => {
    const plaintext = `sk-live-${uid()}${uid()}`;
    const secret = await post("/api/v1/requests", ask, {
      source: "internal",
      agent: { name: "shared", sessionId: uid() },
      questions: [{ id: "key", header: "Credential", prompt: "Paste the key", kind: "freeform", secret: true }],
    });
    const plainQ = await post("/api/v1/requests", ask, singleSelect());
    // Several waiters per request, of different tokens and scopes (the creator's own rows, the
    // team's), two of each; and one ask token that may not see the request.
    const waiting: Promise<Reply & { id: string; token: string }>[] = [];
    for (let copy = 0; copy < 2; copy++)
      for (const token of [ask, read, answer])
        for (const id of [secret.id, plainQ.id]) waiting.push(poll(app, token, id).then((r) => ({ ...r, id, token })));
    const outsider = poll(app, otherAsk, secret.id);
    // All six parked on each request before the replies: the replies wake them, not their first read.
    for (const id of [secret.id, plainQ.id]) await parked(id, { count: 6, baseUrl: app.url, token: read });
    await post(`/api/v1/requests/${secret.id}/reply`, answer, { answers: { key: { text: plaintext } } });
    await post(`/api/v1/requests/${plainQ.id}/reply`, answer, { answers: { db: { selected: ["SQLite"] } } });
    const replies = await Promise.all(waiting);

    expect((await outsider).status).toBe(404);
    for (const r of replies) {
      const label = `${r.token === ask ? "ask" : r.token === read ? "read" : "answer"} ${r.id === secret.id ? "secret" : "plain"}`;
      expect(r.status, label).toBe(200);
      expect(r.type, label).toBe("application/json; charset=utf-8");
      expect(r.text, label).not.toContain(plaintext);
      const view = JSON.parse(r.text) as { id: string; status: string; version: number; response: unknown };
      expect(view.id, label).toBe(r.id);
      expect(view.status, label).toBe("answered");
      expect(r.etag, label).toBe(`"v${view.version}"`);
      // The same bytes as a plain read (no wait) by the same token.
      const plainRead = await poll(app, r.token, r.id, 0);
      expect(r.text, label).toBe(plainRead.text);
    }
    const secretView = JSON.parse(replies.find((r) => r.id === secret.id)!.text) as { response: unknown };
    expect(secretView.response).toEqual({
      answers: { key: { selected: [], custom: null, text: null, note: null, secret: { provided: true, claimedAt: null, purgedAt: null } } },
    });
  }, 60_000);
});
