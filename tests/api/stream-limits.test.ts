// Waits and streams are bounded: WAITS_PER_TOKEN per token and STREAMS_PER_USER per browser user
// (429 + Retry-After), revocation ends a
// token's open waits and streams, a client that stops reading is dropped instead of growing the
// server, and a resume from before the pruned part of the event log starts with a reset.
// Own servers: they run with small limits and a short access re-check interval.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient, StreamResetError, type StreamReset } from "@openoxide/questions-client";
import { createToken, runAdmin } from "../helpers/cli";
import { newSession } from "../helpers/session";
import { singleSelect } from "../helpers/clients";
import { parked } from "../helpers/parked";
import { rawQuery, storedDate } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-limits-"));
let server: TestServer;
let agentToken: string;
const client = (token: string) => new QuestionsClient({ baseUrl: server.url, token });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  migrate(dataDir);
  agentToken = createToken(dataDir, { name: "agent", scopes: "ask,answer,read" });
  server = await startServer({ dataDir, env: { WAITS_PER_TOKEN: "3", STREAMS_PER_USER: "3", ACCESS_RECHECK_MS: "500", SSE_MAX_QUEUED_BYTES: "65536" } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a stream and resolves once its first bytes arrived; `done` resolves when the server ends it. */
async function openStream(token: string): Promise<{ res: Response; done: Promise<string>; abort: () => void }> {
  const ac = new AbortController();
  const res = await fetch(`${server.url}/api/v1/events`, { headers: auth(token), signal: ac.signal });
  const reader = res.body!.getReader();
  const first = await reader.read();
  let text = new TextDecoder().decode(first.value);
  const done = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    } catch {
      return text;
    }
  })();
  return { res, done, abort: () => ac.abort() };
}

describe("WAITS_PER_TOKEN", () => {
  it("answers 429 with Retry-After beyond the cap, counting long-polls and streams, and frees slots", async () => {
    const token = createToken(dataDir, { name: `cap`, scopes: "ask,answer,read" });
    const c = client(token);
    const r = await c.create(singleSelect());
    const ac = new AbortController();
    const polls = [1, 2].map(() => fetch(`${server.url}/api/v1/requests/${r.id}?wait=30`, { headers: auth(token), signal: ac.signal }).catch(() => null));
    const stream = await openStream(token);
    await parked(r.id, { count: 2, baseUrl: server.url, token: agentToken });
    const over = await fetch(`${server.url}/api/v1/requests/${r.id}?wait=30`, { headers: auth(token) });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    const overStream = await fetch(`${server.url}/api/v1/events`, { headers: auth(token) });
    expect(overStream.status).toBe(429);
    // A plain read is not a wait; another token is not limited by this one.
    expect((await fetch(`${server.url}/api/v1/requests/${r.id}`, { headers: auth(token) })).status).toBe(200);
    const other = await fetch(`${server.url}/api/v1/requests/${r.id}?wait=1`, { headers: auth(agentToken) });
    expect(other.status).toBe(200);
    // Closing the stream frees its slot.
    stream.abort();
    await new Promise((res) => setTimeout(res, 300));
    const again = await fetch(`${server.url}/api/v1/requests/${r.id}?wait=1`, { headers: auth(token) });
    expect(again.status).toBe(200);
    ac.abort();
    await Promise.all(polls);
  });
});

describe("STREAMS_PER_USER", () => {
  it("answers 429 with Retry-After to a user's browser stream beyond the cap, not to another user, and frees slots", async () => {
    const [one, two] = [await newSession(server.url, dataDir), await newSession(server.url, dataDir)];
    const ui = (cookie: string, signal?: AbortSignal) => fetch(`${server.url}/api/ui/events`, { headers: { cookie }, signal });
    const acs = [1, 2, 3].map(() => new AbortController());
    // Each response has its headers, so each stream holds its slot.
    const open = await Promise.all(acs.map((ac) => ui(one.cookie, ac.signal)));
    expect(open.map((r) => r.status)).toEqual([200, 200, 200]);
    const over = await ui(one.cookie);
    expect(over.status).toBe(429);
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = new AbortController();
    expect((await ui(two.cookie, other.signal)).status).toBe(200);
    // Closing one frees its slot (the server notices the closed connection).
    acs[0]!.abort();
    let again = 0;
    for (const deadline = Date.now() + 5_000; again !== 200 && Date.now() < deadline; ) {
      const ac = new AbortController();
      again = (await ui(one.cookie, ac.signal)).status;
      ac.abort();
      if (again !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(again).toBe(200);
    for (const ac of [...acs, other]) ac.abort();
  });
});

describe("revocation", () => {
  it("ends the token's open long-poll (401) and event stream promptly after a revoke from the CLI", async () => {
    const token = createToken(dataDir, { name: `revoked`, scopes: "ask,answer,read" });
    const r = await client(token).create(singleSelect());
    const poll = fetch(`${server.url}/api/v1/requests/${r.id}?wait=60`, { headers: auth(token) });
    const stream = await openStream(token);
    await new Promise((res) => setTimeout(res, 300));
    const revoked = await runAdmin(dataDir, ["token", "revoke", token]);
    expect(revoked.code).toBe(0);
    const revokedAt = Date.now();
    const res = await poll;
    expect(res.status).toBe(401);
    await stream.done;
    // Re-check every 500 ms here (15 s by default, well inside the 60 s promise).
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
    const reconnect = await fetch(`${server.url}/api/v1/events`, { headers: auth(token) });
    expect(reconnect.status).toBe(401);
  });
});

describe("member removal", () => {
  it("ends the user's browser event stream promptly after they leave the team", async () => {
    const { email, cookie } = await newSession(server.url, dataDir);
    const res = await fetch(`${server.url}/api/ui/events`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    const ended = (async () => {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return Date.now();
    })();
    await new Promise((r) => setTimeout(r, 300));
    // The removal a team admin makes (here straight in the database, as another instance would).
    await rawQuery(dataDir, `DELETE FROM "Membership" WHERE "userId" = (SELECT id FROM "User" WHERE email = ?)`, [email]);
    const removedAt = Date.now();
    expect((await ended) - removedAt).toBeLessThan(5_000);
  });
});

describe("a client that stops reading", () => {
  it("is dropped once its queue passes the bound, and resumes with Last-Event-ID", async () => {
    const token = createToken(dataDir, { name: `slow`, scopes: "ask,answer,read" });
    const c = client(token);
    const url = new URL(`${server.url}/api/v1/events`);
    // A raw request whose body we never read: the server's socket pushes back.
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers: auth(token) });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
    expect(res.statusCode).toBe(200);
    // The stream writes straight to the socket (lib/events/sink.ts): its buffer is the queue.
    res.pause();
    req.on("error", () => {});
    const dropped = () => server.logs().includes("event stream client fell behind; dropped");
    // Large events: far more than the kernel's socket buffers and the 64 KiB queue bound hold.
    const context = "x".repeat(60_000);
    const created: string[] = [];
    for (let i = 0; i < 600 && !(i % 10 === 0 && dropped()); i++) {
      created.push((await c.create(singleSelect({ context }))).id);
    }
    expect(dropped()).toBe(true);
    req.destroy();
    // Resuming from before the first of them replays them all (paged, with back-pressure).
    const seen: string[] = [];
    const first = await c.get(created[0]!);
    const events = await rawQuery<{ id: number }>(dataDir, `SELECT id FROM "Event" WHERE "requestId" = ?`, [first.id]);
    const ac = new AbortController();
    for await (const e of c.events({ lastEventId: Number(events[0]!.id) - 1, signal: ac.signal, reconnect: false })) {
      seen.push(e.requestId);
      if (e.requestId === created.at(-1)) break;
    }
    expect(seen.filter((id) => created.includes(id))).toEqual(created);
  }, 120_000);
});

describe("event retention", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-retention-"));
  let dropDb = async () => {};
  afterAll(async () => {
    await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it("prunes events past the window; a resume from before it gets a reset, then the rest", async () => {
    dropDb = await ownDatabase(dir);
    migrate(dir);
    const token = createToken(dir, { name: "agent", scopes: "ask,answer,read" });
    let s = await startServer({ dataDir: dir, logName: "first.log" });
    const old = await new QuestionsClient({ baseUrl: s.url, token }).create(singleSelect());
    await s.stop();
    // Age the first event past the 30-day window; the next start prunes it.
    await rawQuery(dir, `UPDATE "Event" SET "createdAt" = ? WHERE "requestId" = ?`, [storedDate(new Date(Date.now() - 40 * 86_400_000)), old.id]);
    s = await startServer({ dataDir: dir, logName: "second.log" });
    try {
      // The start's housekeeping prunes in the background: read only once the server says it did.
      for (const deadline = Date.now() + 60_000; !s.logs().includes("pruned events past the retention window"); ) {
        if (Date.now() > deadline) throw new Error(`the second start never pruned:\n${s.logs()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const c = new QuestionsClient({ baseUrl: s.url, token });
      const fresh = await c.create(singleSelect());
      const resets: StreamReset[] = [];
      const seen: string[] = [];
      const ac = new AbortController();
      for await (const e of c.events({ lastEventId: 0, signal: ac.signal, reconnect: false, onReset: (r) => void resets.push(r) })) {
        seen.push(e.requestId);
        if (e.requestId === fresh.id) break;
      }
      expect(resets).toHaveLength(1);
      expect(resets[0]!.lastEventId).toBe(0);
      expect(resets[0]!.resumeFrom).toBeGreaterThan(0);
      expect(seen).toEqual([fresh.id]);
      // Without a handler the iteration refuses to go on silently.
      const err = await (async () => {
        for await (const e of c.events({ lastEventId: 0, reconnect: false })) return e;
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StreamResetError);
      // A resume from inside the window: no reset.
      const after: string[] = [];
      for await (const e of c.events({ lastEventId: resets[0]!.resumeFrom, reconnect: false, onReset: () => void after.push("reset") })) {
        after.push(e.requestId);
        if (e.requestId === fresh.id) break;
      }
      expect(after).toEqual([fresh.id]);
    } finally {
      await s.stop();
    }
  }, 300_000); // two server starts: each can take a minute or more on a loaded 2-core machine
});
