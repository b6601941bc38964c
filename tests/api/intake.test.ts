// What every request passes before any route (lib/api/intake.ts): a bad Host header or a broken
// percent-escape is a 400 (problem+json for APIs, a page for pages) without an error log; a body
// over the limit is a 413 on every route — next-auth's included, chunked bodies included, refused
// while the client is still sending; JSON nested too deep is a 422 on every JSON route — the
// realtime routes (lib/http/realtime.ts) and Next's alike.
import http from "node:http";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { newSession } from "../helpers/session";
import { migrate, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-intake-"));
let app: TestServer;
let token: string;

beforeAll(async () => {
  migrate(dataDir);
  token = createToken(dataDir, { name: "intake", scopes: "ask,answer,read" });
  app = await startServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string; sentBeforeAnswer: number };

/** node:http, so the test chooses the Host header, the raw path and how the body is sent. */
function raw(server: TestServer, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = -1;
    const req = http.request({ host: "127.0.0.1", port: server.port, method: opts.method ?? "GET", path: opts.path, headers: opts.headers, agent: false }, (res) => {
      answered = sent;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sentBeforeAnswer: answered }));
    });
    req.on("error", (e) => (answered === -1 ? reject(e) : undefined));
    req.end(opts.body);
  });
}

/**
 * A chunked upload over a plain socket: the server may answer 413 and stop reading while we still
 * send, so a failed write must not hide its answer (node's client drops the response on EPIPE).
 */
function rawChunked(server: TestServer, opts: { path: string; headers: Record<string, string>; chunks: { size: number; count: number } }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = -1;
    let received = Buffer.alloc(0);
    const socket = net.connect(server.port, "127.0.0.1");
    const head = [`POST ${opts.path} HTTP/1.1`, `host: 127.0.0.1:${server.port}`, "transfer-encoding: chunked", "connection: close", ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const data = "x".repeat(opts.chunks.size);
    const frame = `${data.length.toString(16)}\r\n${data}\r\n`;
    let left = opts.chunks.count;
    const pump = (): void => {
      if (answered !== -1 || socket.destroyed) return;
      if (left-- === 0) return void socket.write("0\r\n\r\n");
      sent += data.length;
      if (socket.write(frame)) setImmediate(pump);
      else socket.once("drain", pump);
    };
    socket.on("data", (d: Buffer) => {
      if (answered === -1) answered = sent;
      received = Buffer.concat([received, d]);
    });
    socket.on("error", () => undefined); // EPIPE / ECONNRESET once the server stops reading
    socket.on("close", () => {
      const text = received.toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`no answer from ${opts.path} (sent ${sent} bytes)`));
      const lines = text.slice(0, split).split("\r\n");
      const headers: http.IncomingHttpHeaders = {};
      for (const l of lines.slice(1)) headers[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
      let body = text.slice(split + 4);
      if (headers["transfer-encoding"] === "chunked") {
        let out = "";
        for (let rest = body; ; ) {
          const nl = rest.indexOf("\r\n");
          const size = parseInt(rest.slice(0, nl), 16);
          if (!size) break;
          out += rest.slice(nl + 2, nl + 2 + size);
          rest = rest.slice(nl + 4 + size);
        }
        body = out;
      }
      resolve({ status: Number(lines[0]!.split(" ")[1]), headers, text: body, sentBeforeAnswer: answered });
    });
    pump();
  });
}

const ERROR_LINE = /"level":50|Failed to handle request|⨯/;

// Sign-ins go through the admin CLI: slow on a loaded machine, hence the long timeout.
describe("before any route", { timeout: 180_000 }, () => {
  const server = () => app;
  const auth = () => ({ authorization: `Bearer ${token}` });

  it("a Host header that is no host is a 400 problem, logged below error level", async () => {
    for (const p of ["/api/v1/requests/qr_x", "/api/v1/requests", "/api/health", "/api/auth/session", "/inbox"]) {
      const res = await raw(server(), { path: p, headers: { host: "[" } });
      expect(res.status, p).toBe(400);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(res.text)).toMatchObject({ type: "/problems/bad-request", status: 400 });
    }
    // Unauthenticated refusals spend nothing and log nothing at error level.
    expect(server().logs()).not.toMatch(ERROR_LINE);
  });

  it("a broken percent-escape in the path is a 400: problem+json under /api, a page elsewhere", async () => {
    for (const p of ["/api/v1/requests/%E0%A4", "/api/v1/requests/%E0%A4/reply", "/api/ui/requests/%E0%A4", "/api/mcp/%zz"]) {
      const res = await raw(server(), { path: p, headers: auth() });
      expect(res.status, p).toBe(400);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(res.text)).toMatchObject({ type: "/problems/bad-request", detail: expect.stringContaining("percent-escape") });
    }
    const page = await raw(server(), { path: "/inbox/%E0%A4" });
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain("Bad request");
    expect(server().logs()).not.toMatch(ERROR_LINE);
  });

  it("next-auth's routes keep the body limit: 413 for a declared size, before authentication", async () => {
    const res = await raw(server(), {
      method: "POST",
      path: "/api/auth/callback/credentials",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=a%40b.test&password=${"x".repeat(300 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ type: "/problems/payload-too-large", status: 413 });
  });

  it("a chunked body without Content-Length is refused while it is still being sent, on next-auth, the agent API and MCP", async () => {
    // 64 MiB offered in 64 KiB chunks: the 413 must come long before the client is done.
    for (const p of ["/api/auth/callback/credentials", "/api/auth/signout", "/api/v1/requests", "/api/v1/requests/qr_x/reply", "/api/mcp"]) {
      const res = await rawChunked(server(), {
        path: p,
        headers: { "content-type": p.startsWith("/api/auth") ? "application/x-www-form-urlencoded" : "application/json", ...auth() },
        chunks: { size: 64 * 1024, count: 1024 },
      });
      expect(res.status, p).toBe(413);
      expect(JSON.parse(res.text)).toMatchObject({ type: "/problems/payload-too-large" });
      expect(res.sentBeforeAnswer, p).toBeLessThan(16 * 1024 * 1024);
    }
    // The server is still fine, and nothing was logged as an error.
    expect((await fetch(`${server().url}/api/health`)).status).toBe(200);
    expect(server().logs()).not.toMatch(ERROR_LINE);
  });

  it("a sign-in within the limit still works through the limited route", async () => {
    const session = await newSession(server().url, dataDir);
    expect(session.cookie).toContain("next-auth.session-token=");
  });

  const nest = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("JSON nested deeper than 64 levels is a 422 on create, reply, /api/ui and MCP; 64 levels still parse", async () => {
    const base = server().url;
    const created = (await (await fetch(`${base}/api/v1/requests`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify(singleSelect()) })).json()) as { id: string };
    const { cookie } = await newSession(base, dataDir);
    const deep = (depth: number) => ({
      create: [`/api/v1/requests`, `{"agent":{"name":"deep"},"questions":[],"context":"x","metadata":${nest(depth)}}`],
      reply: [`/api/v1/requests/${created.id}/reply`, `{"answers":${nest(depth)}}`],
      ui: [`/api/ui/requests/${created.id}/reply`, `{"answers":${nest(depth)}}`],
      mcp: [`/api/mcp`, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask_human","arguments":${nest(depth)}}}`],
    });
    for (const depth of [3_000, 100_000]) {
      for (const [name, [p, body]] of Object.entries(deep(depth))) {
        const res = await fetch(`${base}${p}`, {
          method: "POST",
          headers: { ...auth(), cookie, origin: base, "content-type": "application/json", accept: "application/json, text/event-stream" },
          body,
        });
        const problem = (await res.json()) as { status: number; errors?: { path: string; message: string }[] };
        expect(res.status, `${name} at ${depth}`).toBe(422);
        expect(problem.errors).toEqual([{ path: "(body)", message: "nested deeper than 64 levels" }]);
      }
    }
    // At the limit the body parses and goes on to validation, which names the field.
    const ok = await fetch(`${base}/api/v1/requests/${created.id}/reply`, { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: `{"answers":${nest(63)}}` });
    expect(ok.status).toBe(422);
    expect(((await ok.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("answers");
    expect(server().logs()).not.toMatch(ERROR_LINE);
  });
});
