// The front (lib/api/front.ts) serves long-polls, event streams and create straight from node:http.
// It must answer exactly as Next's route does (status, problem+json, headers), release a wait when
// its client goes away, deliver stream events, and keep Idempotency-Key replays. Two servers on one
// database: the front, and the same build with OQ_FRONT=off (everything through Next).
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { migrate, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-front-"));
let front: TestServer;
let plain: TestServer;
let ask: string;
let read: string;
let capped: string;

beforeAll(async () => {
  migrate(dataDir);
  ask = createToken(dataDir, { name: "front-ask", scopes: "ask" });
  read = createToken(dataDir, { name: "front-read", scopes: "read" });
  capped = createToken(dataDir, { name: "front-capped", scopes: "ask,read" });
  // One open wait per token: a second one is 429 until the first is released.
  const env = { WAITS_PER_TOKEN: "1" };
  [front, plain] = await Promise.all([
    startServer({ dataDir, env, logName: "front.log" }),
    startServer({ dataDir, env: { ...env, OQ_FRONT: "off" }, logName: "plain.log" }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([front?.stop(), plain?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(base: string, token: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/v1/requests`, { method: "POST", headers: { ...auth(token), "content-type": "application/json", ...headers }, body: JSON.stringify(singleSelect()) });
}

const SECURITY = ["x-content-type-options", "referrer-policy", "x-frame-options", "content-security-policy"];

/** What must match between the two servers: status, the security and problem headers, the body without per-request ids. */
async function shape(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  delete body.instance;
  const headers = Object.fromEntries([...SECURITY, "content-type", "www-authenticate", "retry-after", "cache-control"].map((h) => [h, res.headers.get(h)]));
  return { status: res.status, headers, body };
}

describe("the front", () => {
  it("serves the wait, stream and create routes itself, and leaves others to Next", async () => {
    const created = await create(front.url, ask);
    expect(created.status).toBe(201);
    expect(created.headers.get("x-served-by")).toBe("front");
    const { id } = (await created.json()) as { id: string };
    const got = await fetch(`${front.url}/api/v1/requests/${id}?wait=0`, { headers: auth(ask) });
    expect(got.status).toBe(200);
    expect(got.headers.get("x-served-by")).toBe("front");
    expect(got.headers.get("etag")).toMatch(/^"v\d+"$/);
    const list = await fetch(`${front.url}/api/v1/requests`, { headers: auth(ask) });
    expect(list.status).toBe(200);
    expect(list.headers.get("x-served-by")).toBeNull();
    // With the front off, Next serves the same routes.
    expect((await fetch(`${plain.url}/api/v1/requests/${id}`, { headers: auth(ask) })).headers.get("x-served-by")).toBeNull();
  });

  it.each([
    ["an unknown id (404)", "GET", "/api/v1/requests/qr_unknown", "ask"],
    ["a bad wait (400, naming wait)", "GET", "/api/v1/requests/qr_unknown?wait=abc", "ask"],
    ["no token (401)", "GET", "/api/v1/requests/qr_unknown?wait=1", null],
    ["a bad Last-Event-ID (400, naming it)", "GET", "/api/v1/events?lastEventId=x", "read"],
    ["no token on the stream (401)", "GET", "/api/v1/events", null],
    ["create without the ask scope (403)", "POST", "/api/v1/requests", "read"],
    ["create with an invalid body (422, naming the field)", "POST", "/api/v1/requests", "ask"],
    ["create with a bad Idempotency-Key (422)", "POST", "/api/v1/requests", "ask"],
  ] as const)("answers %s exactly as Next does", async (name, method, p, who) => {
    const token = who === "ask" ? ask : who === "read" ? read : null;
    const headers: Record<string, string> = token ? auth(token) : {};
    let body: string | undefined;
    if (method === "POST") {
      headers["content-type"] = "application/json";
      body = JSON.stringify(name.includes("invalid body") ? { ...singleSelect(), title: 42 } : singleSelect());
      if (name.includes("Idempotency-Key")) headers["idempotency-key"] = "a b";
    }
    const [a, b] = await Promise.all([front, plain].map((s) => fetch(s.url + p, { method, headers, body })));
    expect(a!.headers.get("x-served-by")).toBe("front");
    const [fa, fb] = [await shape(a!), await shape(b!)];
    expect(fa).toEqual(fb);
    expect(fa.status).toBeGreaterThanOrEqual(400);
    expect(fa.headers["content-type"]).toBe("application/problem+json");
    for (const h of SECURITY) expect(fa.headers[h], h).toBeTruthy();
    if (name.includes("naming wait")) expect(JSON.stringify(fa.body)).toContain('"wait"');
    if (name.includes("Last-Event-ID")) expect(JSON.stringify(fa.body)).toContain("Last-Event-ID");
    if (name.includes("invalid body")) expect(JSON.stringify(fa.body)).toContain('"title"');
  });

  it("replays a create with the same Idempotency-Key", async () => {
    const key = `front-${Date.now()}`;
    const body = JSON.stringify(singleSelect());
    const post = () => fetch(`${front.url}/api/v1/requests`, { method: "POST", headers: { ...auth(ask), "content-type": "application/json", "idempotency-key": key }, body });
    const first = await post();
    expect(first.status).toBe(201);
    const again = await post();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
  });

  it("streams events as they happen", async () => {
    const ac = new AbortController();
    const res = await fetch(`${front.url}/api/v1/events`, { headers: auth(read), signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-served-by")).toBe("front");
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const reader = res.body!.getReader();
    const { id } = (await (await create(front.url, ask)).json()) as { id: string };
    let text = "";
    while (!text.includes(`"requestId":"${id}"`)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain("event: request.created");
    ac.abort();
  });

  /** Opens a raw wait or stream; `status` is set if the server answers it (429: it lost the race for the slot). */
  function openRaw(p: string): { drop: () => void; sent: Promise<void>; closed: Promise<void>; status: () => number | undefined } {
    let status: number | undefined;
    const req = http.get(`${front.url}${p}`, { headers: auth(capped), agent: false }, (res) => {
      status = res.statusCode;
      res.resume();
    });
    req.on("error", () => {});
    const sent = new Promise<void>((resolve) => req.on("finish", () => resolve()));
    const closed = new Promise<void>((resolve) => req.on("close", () => resolve()));
    return { drop: () => req.destroy(), sent, closed, status: () => status };
  }

  /** One short wait with the capped token: 429 while another wait holds the token's one slot. */
  async function probe(id: string): Promise<number> {
    const res = await fetch(`${front.url}/api/v1/requests/${id}?wait=1`, { headers: auth(capped) });
    await res.arrayBuffer();
    return res.status;
  }

  /** Opens the raw wait until it holds the slot (a probe gets 429 while it is still open). */
  async function holdSlot(id: string, p: string) {
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const open = openRaw(p);
      // Give it a head start: a probe on a pooled connection would otherwise take the slot first.
      await open.sent;
      await new Promise((r) => setTimeout(r, 200 * (i + 1)));
      for (let j = 0; j < 20 && (open.status() ?? 200) === 200; j++) {
        const got = await probe(id);
        seen.push(`${got}/${open.status()}`);
        if (got === 429 && (open.status() ?? 200) === 200) return open;
      }
      open.drop();
      await open.closed;
    }
    throw new Error(`the raw wait never held the slot (probe/raw: ${seen.slice(0, 10).join(" ")})`);
  }

  it.each([
    ["a long-poll", (id: string) => `/api/v1/requests/${id}?wait=60`],
    ["an event stream", () => "/api/v1/events"],
  ])("releases %s when its client disconnects", async (_name, pathOf) => {
    const { id } = (await (await create(front.url, capped)).json()) as { id: string };
    // The cap of one is taken while it is open…
    const open = await holdSlot(id, pathOf(id));
    // …and free again once the client is gone (the 60 s wait is not waited out).
    open.drop();
    await open.closed;
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = await probe(id);
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
