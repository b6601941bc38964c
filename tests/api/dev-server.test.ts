// `npm run dev` (scripts/dev.mjs) serves the routes on the same path as production: a create (a
// Next route file), a long-poll woken by a reply and an event stream (realtime routes) answer with
// the same status, the same headers and the same body shape as the production server on the same
// database, and the stream's events byte for byte.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { parked } from "../helpers/parked";
import { migrate, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-dev-"));
let prod: TestServer;
let dev: TestServer;
let token: string;

beforeAll(async () => {
  migrate(dataDir);
  token = createToken(dataDir, { name: "dev", scopes: "ask,answer,read" });
  [prod, dev] = await Promise.all([startServer({ dataDir, logName: "prod.log" }), startServer({ dataDir, dev: true, logName: "dev.log" })]);
}, 300_000);

afterAll(async () => {
  await Promise.all([prod?.stop(), dev?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${token}` });
const VARYING = new Set(["date", "x-request-id", "etag", "content-length", "keep-alive", "transfer-encoding", "vary"]);

/** Status, header names and values (those that vary per response left out), and the body's shape. */
async function described(res: Response): Promise<{ status: number; headers: Record<string, string>; shape: unknown; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!VARYING.has(k)) headers[k] = v;
  });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, headers, shape: shape(body), body };
}

/** Keys and value types, recursively: ids and times differ between two requests, the shape must not. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

async function create(server: TestServer) {
  const res = await fetch(`${server.url}/api/v1/requests`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify(singleSelect()) });
  return described(res);
}

async function woken(server: TestServer) {
  const created = await create(server);
  const id = created.body.id as string;
  const waiting = fetch(`${server.url}/api/v1/requests/${id}?wait=30`, { headers: auth() });
  await parked(id, { baseUrl: server.url, token, timeoutMs: 60_000 });
  const reply = await fetch(`${server.url}/api/v1/requests/${id}/reply`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: JSON.stringify({ answers: { db: { selected: ["SQLite"] } } }),
  });
  expect(reply.status).toBe(200);
  return { created, woken: await described(await waiting), id };
}

/** The first `count` events after `after`, as the stream's text, and the response's head. */
function streamed(server: TestServer, after: number, count: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}/api/v1/events`);
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers: { ...auth(), "last-event-id": String(after) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
        const events = text.split("\n\n").filter((e) => e.includes("\nid: ") || e.startsWith("id: "));
        if (events.length >= count) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: events.slice(0, count).join("\n\n") });
        }
      });
    });
    req.on("error", (e) => (e.message.includes("aborted") ? undefined : reject(e)));
    setTimeout(() => reject(new Error(`fewer than ${count} events after ${after} from ${server.url}`)), 30_000).unref();
  });
}

describe("npm run dev against npm start", { timeout: 300_000 }, () => {
  it("a create, a long-poll woken by the reply and an event stream answer alike", async () => {
    const [p, d] = [await woken(prod), await woken(dev)];
    for (const key of ["created", "woken"] as const) {
      expect(d[key].status, key).toBe(p[key].status);
      expect(d[key].headers, key).toEqual(p[key].headers);
      expect(d[key].shape, key).toEqual(p[key].shape);
    }
    expect(p.created.status).toBe(201);
    expect(p.woken.body.status).toBe("answered");
    expect(d.woken.body.status).toBe("answered");
    // Both servers read one database: from the same cursor their streams carry the same events.
    const [ps, ds] = await Promise.all([streamed(prod, 0, 4), streamed(dev, 0, 4)]);
    expect(ds.status).toBe(ps.status);
    expect(ds.headers["content-type"]).toBe(ps.headers["content-type"]);
    expect(ds.headers["cache-control"]).toBe(ps.headers["cache-control"]);
    expect(ds.text).toBe(ps.text);
    expect(ps.text).toContain("request.created");
  });
});
