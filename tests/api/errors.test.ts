// Every error status the agent API promises (SPEC §3), as a table: input → status and problem type.
// Each call is made with raw fetch, so the wire format itself (content type, body) is checked.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import http from "node:http";
import { generateToken } from "@/lib/auth/tokens";
import { admin, createToken } from "../helpers/cli";
import { clients, singleSelect, uid } from "../helpers/clients";
import { newSession } from "../helpers/session";

const { baseUrl, agent, reviewer, tokens } = clients();
const dataDir = inject("dataDir");

type Call = { method?: string; path: string; token?: string | null; headers?: Record<string, string>; body?: string };
type Case = { name: string; call: () => Call; status: number; type: string; paths?: string[] };

const json = (value: unknown) => JSON.stringify(value);
const JSON_TYPE = { "content-type": "application/json" };

/** Seeded once: a pending, an answered and a claimed request, and a revoked token. */
const seed = { pending: "", answered: "", claimed: "", revoked: "" };

beforeAll(async () => {
  seed.revoked = createToken(dataDir, { name: `revoked-${uid()}`, scopes: "ask" });
  const revoke = admin(dataDir, ["token", "revoke", seed.revoked]);
  expect(revoke.code, revoke.stderr).toBe(0);

  seed.pending = (await agent.create(singleSelect({ agent: { name: `errors-${uid()}` } }))).id;

  const answered = await agent.create(singleSelect({ agent: { name: `errors-${uid()}` } }));
  await reviewer.reply(answered.id, { answers: { db: { selected: ["SQLite"] } } });
  seed.answered = answered.id;

  const secret = await agent.create({
    source: "internal",
    agent: { name: `errors-${uid()}` },
    questions: [{ id: "key", header: "API key", prompt: "Paste the deploy key", kind: "freeform", secret: true }],
  });
  await reviewer.reply(secret.id, { answers: { key: { text: "s3cr3t-value" } } });
  expect(await agent.claimSecrets(secret.id)).toEqual({ key: "s3cr3t-value" });
  seed.claimed = secret.id;
});

const validBody = () => json(singleSelect({ agent: { name: `errors-${uid()}` } }));
const replyBody = json({ answers: { db: { selected: ["SQLite"] } } });

const cases: Case[] = [
  // 400
  { name: "malformed JSON body", call: () => ({ method: "POST", path: "/requests", headers: JSON_TYPE, body: '{"agent": {"name": "x"' }), status: 400, type: "/problems/invalid-json" },
  { name: "?wait=abc", call: () => ({ path: `/requests/${seed.pending}?wait=abc` }), status: 400, type: "/problems/invalid-query", paths: ["wait"] },
  { name: "?wait=61", call: () => ({ path: `/requests/${seed.pending}?wait=61` }), status: 400, type: "/problems/invalid-query", paths: ["wait"] },
  { name: "?wait=-1", call: () => ({ path: `/requests/${seed.pending}?wait=-1` }), status: 400, type: "/problems/invalid-query", paths: ["wait"] },
  { name: "list limit=1000", call: () => ({ path: "/requests?limit=1000" }), status: 400, type: "/problems/invalid-query", paths: ["limit"] },
  { name: "list limit=0", call: () => ({ path: "/requests?limit=0" }), status: 400, type: "/problems/invalid-query", paths: ["limit"] },
  { name: "list bad cursor", call: () => ({ path: "/requests?cursor=not-a-cursor" }), status: 400, type: "/problems/invalid-query", paths: ["cursor"] },
  { name: "list bad status", call: () => ({ path: "/requests?status=done" }), status: 400, type: "/problems/invalid-query", paths: ["status"] },
  // 401
  { name: "missing Authorization", call: () => ({ path: "/requests", token: null }), status: 401, type: "/problems/unauthorized" },
  { name: "malformed token", call: () => ({ path: "/requests", token: "not-a-token" }), status: 401, type: "/problems/unauthorized" },
  { name: "token with a bad checksum", call: () => ({ path: "/requests", token: `${tokens.agent.slice(0, -1)}${tokens.agent.endsWith("A") ? "B" : "A"}` }), status: 401, type: "/problems/unauthorized" },
  { name: "well-formed unknown token", call: () => ({ path: "/requests", token: generateToken() }), status: 401, type: "/problems/unauthorized" },
  { name: "revoked token", call: () => ({ path: "/requests", token: seed.revoked }), status: 401, type: "/problems/unauthorized" },
  { name: "Basic instead of Bearer", call: () => ({ path: "/requests", token: null, headers: { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` } }), status: 401, type: "/problems/unauthorized" },
  // 403
  { name: "reviewer token creating", call: () => ({ method: "POST", path: "/requests", token: tokens.reviewer, headers: JSON_TYPE, body: validBody() }), status: 403, type: "/problems/forbidden" },
  { name: "agent token replying", call: () => ({ method: "POST", path: `/requests/${seed.pending}/reply`, headers: JSON_TYPE, body: replyBody }), status: 403, type: "/problems/forbidden" },
  { name: "reader token rejecting", call: () => ({ method: "POST", path: `/requests/${seed.pending}/reject`, token: tokens.reader, headers: JSON_TYPE, body: json({ reason: "no" }) }), status: 403, type: "/problems/forbidden" },
  { name: "reviewer token cancelling", call: () => ({ method: "POST", path: `/requests/${seed.pending}/cancel`, token: tokens.reviewer, headers: JSON_TYPE, body: "{}" }), status: 403, type: "/problems/forbidden" },
  // 404
  { name: "unknown id (get)", call: () => ({ path: "/requests/qr_00000000000000000000000000" }), status: 404, type: "/problems/not-found" },
  { name: "unknown id (reply)", call: () => ({ method: "POST", path: "/requests/qr_unknown/reply", token: tokens.reviewer, headers: JSON_TYPE, body: replyBody }), status: 404, type: "/problems/not-found" },
  { name: "unknown id (claim)", call: () => ({ method: "POST", path: "/requests/qr_unknown/secrets/claim" }), status: 404, type: "/problems/not-found" },
  // 409
  { name: "reply to an answered request", call: () => ({ method: "POST", path: `/requests/${seed.answered}/reply`, token: tokens.reviewer, headers: JSON_TYPE, body: replyBody }), status: 409, type: "/problems/already-resolved" },
  { name: "reject an answered request", call: () => ({ method: "POST", path: `/requests/${seed.answered}/reject`, token: tokens.reviewer, headers: JSON_TYPE, body: json({ reason: "late" }) }), status: 409, type: "/problems/already-resolved" },
  { name: "cancel an answered request", call: () => ({ method: "POST", path: `/requests/${seed.answered}/cancel`, headers: JSON_TYPE, body: "{}" }), status: 409, type: "/problems/already-resolved" },
  // 410
  { name: "second secret claim", call: () => ({ method: "POST", path: `/requests/${seed.claimed}/secrets/claim` }), status: 410, type: "/problems/secret-gone" },
  // 412
  { name: "stale If-Match", call: () => ({ method: "POST", path: `/requests/${seed.pending}/reply`, token: tokens.reviewer, headers: { ...JSON_TYPE, "if-match": '"v7"' }, body: replyBody }), status: 412, type: "/problems/precondition-failed" },
  // 413
  { name: "body over 256 KiB", call: () => ({ method: "POST", path: "/requests", headers: JSON_TYPE, body: json({ agent: { name: "big" }, context: "x".repeat(300 * 1024), questions: [] }) }), status: 413, type: "/problems/payload-too-large" },
  // 415
  { name: "text/plain body", call: () => ({ method: "POST", path: "/requests", headers: { "content-type": "text/plain" }, body: validBody() }), status: 415, type: "/problems/unsupported-media-type" },
  { name: "form body", call: () => ({ method: "POST", path: "/requests", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "agent=x" }), status: 415, type: "/problems/unsupported-media-type" },
  // 422
  {
    name: "validation with field paths",
    call: () => ({
      method: "POST",
      path: "/requests",
      headers: JSON_TYPE,
      body: json({
        agent: { name: "" },
        questions: [{ id: "q", header: "x".repeat(25), prompt: "Which?", kind: "single_select", options: [{ label: "a" }, { label: "b" }] }],
        unknownField: 1,
      }),
    }),
    status: 422,
    type: "/problems/validation",
    paths: ["agent.name", "questions[0].header"],
  },
  { name: "missing agent", call: () => ({ method: "POST", path: "/requests", headers: JSON_TYPE, body: json({ questions: [] }) }), status: 422, type: "/problems/validation", paths: ["agent"] },
  { name: "reply answer validation", call: () => ({ method: "POST", path: `/requests/${seed.pending}/reply`, token: tokens.reviewer, headers: JSON_TYPE, body: json({ answers: { db: { selected: ["MySQL"] } } }) }), status: 422, type: "/problems/validation", paths: ["answers.db.selected[0]"] },
  { name: "reject without a reason", call: () => ({ method: "POST", path: `/requests/${seed.pending}/reject`, token: tokens.reviewer, headers: JSON_TYPE, body: "{}" }), status: 422, type: "/problems/validation", paths: ["reason"] },
];

async function send(c: Call): Promise<{ res: Response; text: string }> {
  const headers: Record<string, string> = { ...c.headers };
  const token = c.token === undefined ? tokens.agent : c.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api/v1${c.path}`, { method: c.method ?? "GET", headers, body: c.body });
  return { res, text: await res.text() };
}

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** node:http, so a test can choose its connection (a fresh socket, or a one-socket keep-alive pool). */
function rawRequest(agent: http.Agent | false, opts: http.RequestOptions, write?: (req: http.ClientRequest) => void): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, agent, ...opts }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    if (write) write(req);
    else req.end();
  });
}

/** POSTs ~384 KiB of JSON with chunked transfer encoding (no Content-Length to refuse it early). */
function postChunked(agent: http.Agent | false): Promise<RawResponse> {
  const headers = { "content-type": "application/json", authorization: `Bearer ${tokens.agent}` };
  return rawRequest(agent, { method: "POST", path: "/api/v1/requests", headers }, (req) => {
    // The server may stop reading once over the limit: later writes can fail, the answer still counts.
    req.on("error", () => undefined);
    const parts = ['{"agent":{"name":"big"},"context":"', ...Array.from({ length: 6 }, () => "x".repeat(64 * 1024)), '"}'];
    const pump = (): void => {
      const part = parts.shift();
      if (part === undefined) return void req.end();
      if (req.write(part)) setImmediate(pump);
      else req.once("drain", pump);
    };
    pump();
  });
}

// A stack frame ("at fn (file.js:1:2)") or an absolute source path would leak internals.
const STACK_FRAME = /\bat\s+\S*\s*\(?[^\s()]+:\d+:\d+\)?/;
const FILE_PATH = /(?:\/[\w.@-]+){2,}\.(?:[cm]?[jt]sx?|node)\b|node_modules|\.next\//;

describe("error responses", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const { res, text } = await send(c.call());
    expect(res.status, text).toBe(c.status);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json\b/);
    const body = JSON.parse(text) as { type: string; title: string; status: number; detail?: string; errors?: { path: string; message: string }[] };
    expect(body).toMatchObject({ type: c.type, status: c.status, title: expect.any(String) });
    expect(body.title.length).toBeGreaterThan(0);
    expect(text).not.toMatch(STACK_FRAME);
    expect(text).not.toMatch(FILE_PATH);
    expect(text).not.toContain(dataDir);
    expect(text).not.toContain(process.cwd());
    if (c.paths) {
      const paths = (body.errors ?? []).map((e) => e.path);
      for (const p of c.paths) expect(paths).toContain(p);
      for (const e of body.errors ?? []) expect(e.message).toEqual(expect.any(String));
    }
  });

  it("401 answers carry WWW-Authenticate: Bearer", async () => {
    const { res } = await send({ path: "/requests", token: null });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("413 also for a chunked body over 256 KiB (no Content-Length)", async () => {
    const res = await postChunked(false);
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json\b/);
    expect(JSON.parse(res.text)).toMatchObject({ type: "/problems/payload-too-large", status: 413 });
  });

  it("a client that sent Connection: close and is still sending reads its 413, never a reset", async () => {
    // Closing the socket with body bytes unread reset ~1 in 20 of these before the close was held
    // back until the body's end (lib/api/intake.ts): 100 in a row catch that.
    const outcomes: string[] = [];
    for (let i = 0; i < 100; i++) {
      outcomes.push(await postChunked(false).then((r) => String(r.status), (e: NodeJS.ErrnoException) => e.code ?? "error"));
    }
    expect(outcomes.filter((o) => o !== "413")).toEqual([]);
  });

  it("after a 413 on a chunked body the keep-alive connection still works (or is closed with Connection: close)", async () => {
    const pool = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await postChunked(pool);
      expect(first.status).toBe(413);
      // A server that stops reading the body must say `Connection: close`; then the agent opens a new socket.
      const next = await rawRequest(pool, { method: "GET", path: "/api/health" });
      expect(next.status).toBe(200);
    } finally {
      pool.destroy();
    }
  });

  it("a session cookie does not authenticate the agent API", async () => {
    // A real, valid browser session: it opens the browser API but never the agent API.
    const { cookie } = await newSession(baseUrl, dataDir);
    const ui = await fetch(`${baseUrl}/api/ui/requests`, { headers: { cookie } });
    expect(ui.status).toBe(200);
    await ui.arrayBuffer();
    const { res } = await send({ path: "/requests", token: null, headers: { cookie } });
    expect(res.status).toBe(401);
  });

  it("failed calls change nothing", async () => {
    const request = await agent.get(seed.pending);
    expect(request.status).toBe("pending");
    expect(request.version).toBe(1);
    const answered = await agent.get(seed.answered);
    expect(answered.status).toBe("answered");
    expect(answered.version).toBe(2);
  });

  it("the typed client surfaces the problem as ApiError", async () => {
    const err = await agent.get("qr_unknown").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, problem: { type: "/problems/not-found", status: 404 } });
  });
});
