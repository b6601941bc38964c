// The front: scripts/server.mjs hands every request here first, and these few routes are served
// straight from node:http instead of through Next's route-handler pipeline, which costs 65–75 KB
// per open wait (docs/decisions.md "Custom server in front of Next for waits, streams and
// create"). Same handler code as the route files (lib/api/endpoints/*), so the same auth, rate
// limit, problem+json, logging, draining; the rest (pages, other routes) goes on to Next.
// This module loads in the instrumentation bundle: shared state lives on globalThis.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { directStream, DIRECT_SSE } from "../events/http";
import { ResponseSink } from "../events/sink";
import { log } from "../log";
import { bodyText } from "./problem";
import { FRONT_REQUEST, isFrontReply, type FrontReply } from "./front-reply";
import { BodyLimitedMessage, intake } from "./intake";
import { createRequest } from "./endpoints/create-request";
import { getRequest } from "./endpoints/get-request";
import { streamEvents } from "./endpoints/stream-events";

type Handler = (req: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** Returns true when it served the request; false: Next serves it. */
export type Front = (req: IncomingMessage, res: ServerResponse, fixedHeaders: [string, string][]) => boolean;

const REQUEST_ID = /^\/api\/v1\/requests\/([^/]+)$/;

function route(method: string | undefined, path: string): { handler: Handler; params: Record<string, string> } | null {
  if (method === "GET") {
    if (path === "/api/v1/events") return { handler: streamEvents as Handler, params: {} };
    const m = REQUEST_ID.exec(path);
    if (m) {
      try {
        return { handler: getRequest as Handler, params: { id: decodeURIComponent(m[1]!) } };
      } catch {
        return null; // malformed escape: refused before this by lib/api/intake.ts
      }
    }
  } else if (method === "POST" && path === "/api/v1/requests") {
    return { handler: createRequest as Handler, params: {} };
  }
  return null;
}

/**
 * The request's headers as the handlers read them (`get`, `has`), straight from node's parsed
 * headers (already lower-cased, repeated ones joined) instead of a copy per request.
 */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  forEach(fn: (value: string, name: string) => void): void {
    for (const name in this.raw) {
      const v = this.get(name);
      if (v !== null) fn(v, name);
    }
  }
}

/**
 * What the handlers read of a Request (method, url, headers, signal, body), without building a
 * WHATWG Request per call: an open wait keeps this object alive, so it is kept small.
 */
class FrontRequest {
  readonly headers: NodeHeaders;
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  /** Event streams are handed back unstarted and written straight to the socket (serve). */
  readonly [DIRECT_SSE] = true as const;
  /** lib/api/front-reply.ts: handlers may answer with a FrontReply, written below */
  readonly [FRONT_REQUEST] = true;
  private stream: ReadableStream<Uint8Array> | null = null;

  constructor(
    private readonly node: IncomingMessage,
    controller: AbortController,
  ) {
    this.method = node.method ?? "GET";
    // As Next does: the peer address when no (trusted) X-Forwarded-For is left after the guard.
    node.headers["x-forwarded-for"] ??= node.socket.remoteAddress;
    this.headers = new NodeHeaders(node.headers);
    this.url = `http://${node.headers.host ?? "localhost"}${node.url ?? "/"}`;
    this.signal = controller.signal;
  }

  /** The body's bytes straight from node's stream, without a web stream per request (lib/api/body.ts). */
  nodeBody(): AsyncIterable<Uint8Array> | null {
    if (this.method === "GET" || this.method === "HEAD" || this.stream) return null;
    return this.node;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.method === "GET" || this.method === "HEAD") return null;
    this.stream ??= Readable.toWeb(this.node) as ReadableStream<Uint8Array>;
    return this.stream;
  }
}

async function serve(node: IncomingMessage, res: ServerResponse, fixed: [string, string][], handler: Handler, params: Record<string, string>): Promise<void> {
  const controller = new AbortController();
  // The client went away before we finished: end its wait or stream (releases the lease).
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  let response: Response;
  try {
    response = await handler(new FrontRequest(node, controller) as unknown as Request, { params: Promise.resolve(params) });
  } catch (e) {
    // routeCore turns every failure into problem+json; this is only a last resort.
    logFailure(e, node);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end();
    return;
  }
  if (isFrontReply(response)) return writeReply(res, fixed, response);
  const stream = directStream(response);
  try {
    res.statusCode = response.status;
    for (const [k, v] of fixed) res.setHeader(k, v);
    response.headers.forEach((v, k) => {
      if (k !== "set-cookie") res.setHeader(k, v);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("set-cookie", cookies);
    res.setHeader("x-served-by", "front");
    if (stream) res.flushHeaders();
  } finally {
    // Started even if the client is gone: the stream then ends at once and releases its lease.
    // Only the stream (its sink holds the response) stays referenced while it is open.
    stream?.start(new ResponseSink(res, () => controller.abort()));
  }
  if (stream) return;
  if (!response.body) return void res.end();
  // A json()/problem() response's text as it was made: no read back through its web stream.
  const text = bodyText(response);
  const buf = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  res.setHeader("content-length", buf.length);
  res.end(buf);
}

/** A FrontReply: headers in one writeHead (its own record, completed), the text in one write. */
function writeReply(res: ServerResponse, fixed: [string, string][], reply: FrontReply): void {
  const headers: Record<string, string | number> = reply.headers.record;
  for (let i = 0; i < fixed.length; i++) headers[fixed[i]![0]] ??= fixed[i]![1];
  headers["x-served-by"] = "front";
  headers["content-length"] = Buffer.byteLength(reply.text);
  res.writeHead(reply.status, headers);
  res.end(reply.text);
}

/** By name and code only, as toProblem logs: messages may carry input values. */
function logFailure(e: unknown, req: IncomingMessage): void {
  const err = e as { name?: string; code?: string };
  log.error({ method: req.method, path: req.url?.split("?")[0], error: err?.name, code: err?.code }, "front failed to answer");
}

const front: Front = (req, res, fixedHeaders) => {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const found = route(req.method, q === -1 ? url : url.slice(0, q));
  if (!found) return false;
  void serve(req, res, fixedHeaders, found.handler, found.params).catch((e: unknown) => {
    logFailure(e, req);
    res.destroy();
  });
  return true;
};

/** What scripts/server.mjs gets: the request class it creates, the checks every request passes, the front. */
export type FrontParts = { IncomingMessage: typeof BodyLimitedMessage; intake: typeof intake; front: Front };

/** Called at the end of instrumentation register(): scripts/server.mjs waits for it, then listens. */
export function registerFront(): void {
  const g = globalThis as unknown as { __questionsFront?: Front; __questionsOnFront?: (parts: FrontParts) => void };
  g.__questionsFront = front;
  g.__questionsOnFront?.({ IncomingMessage: BodyLimitedMessage, intake, front });
}
