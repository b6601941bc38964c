// A minimal HTTP client on node:http, so the benchmark controls its own sockets (an Agent with no
// socket cap for 10,000 concurrent waits) and takes timestamps the moment a response completes.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";
import type { SseMessage } from "@openoxide/questions-client";

export type Response = { status: number; text: string; at: number };

export function agent(maxSockets = Infinity): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: 1024 });
}

export function call(opts: {
  base: string;
  method: "GET" | "POST";
  path: string;
  token?: string;
  /** A browser session's Cookie header, for pages (see the history scenario). */
  cookie?: string;
  body?: unknown;
  agent: http.Agent;
  signal?: AbortSignal;
}): Promise<Response> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string | number> = { accept: "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(opts.base + opts.path, { method: opts.method, headers, agent: opts.agent, signal: opts.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), at: performance.now() }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

export async function callJson<T extends object>(opts: Parameters<typeof call>[0] & { expect?: number }): Promise<T & { __at: number }> {
  const res = await call(opts);
  if (res.status !== (opts.expect ?? 200)) throw new Error(`${opts.method} ${opts.path} → ${res.status}: ${res.text.slice(0, 300)}`);
  return Object.assign(JSON.parse(res.text) as T, { __at: res.at });
}

export type SseStream = {
  /** resolves with the first bytes: the server has subscribed this stream to the hub */
  connected: Promise<void>;
  close: () => void;
};

/** Opens GET /api/v1/events and calls onEvent with each message and its arrival time. */
export function openEvents(opts: { base: string; token: string; agent: http.Agent; onEvent: (m: SseMessage, at: number) => void; onError?: (e: Error) => void }): SseStream {
  const controller = new AbortController();
  let at = 0;
  const parser = createParser({ onEvent: (m) => opts.onEvent({ id: m.id ?? "", event: m.event || "message", data: m.data }, at) });
  let connectedResolve!: () => void;
  let connectedReject!: (e: Error) => void;
  const connected = new Promise<void>((resolve, reject) => {
    connectedResolve = resolve;
    connectedReject = reject;
  });
  const req = http.get(
    opts.base + "/api/v1/events",
    { headers: { accept: "text/event-stream", authorization: `Bearer ${opts.token}` }, agent: opts.agent, signal: controller.signal },
    (res) => {
      if (res.statusCode !== 200) {
        connectedReject(new Error(`events → ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        at = performance.now();
        connectedResolve();
        parser.feed(chunk);
      });
      res.on("error", (e) => {
        if (!controller.signal.aborted) opts.onError?.(e);
      });
    },
  );
  req.on("error", (e) => {
    connectedReject(e);
    if (!controller.signal.aborted) opts.onError?.(e);
  });
  connected.catch(() => {});
  return { connected, close: () => controller.abort() };
}
