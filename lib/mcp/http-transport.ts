// The Streamable HTTP transport for POST /api/mcp on node's own request and response, shared by
// every request: one SDK Server is connected to it once (lib/mcp/server.ts). The SDK's node
// transport is stateless only as one Server + transport per POST, bridged to web streams through
// @hono/node-server — about 45 KB of heap per waiting tool call, so 10,000 waiting agents would
// not fit in 500 MB. This one writes what the SDK's would (the same checks, status codes, SSE
// events and keep-alive comments) and holds a small entry per open call.
// JSON-RPC ids are the client's, so two POSTs may both send id 1: each request is handed to the
// Server under a process-unique id, and its response and notifications go back under the client's.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { headerOf } from "../http/headers";
import type { CallLeases } from "./leases";

/** As the SDK's transport (DEFAULT_SSE_KEEP_ALIVE_MS): a comment frame so idle timeouts keep the stream. */
const KEEP_ALIVE_MS = 15_000;
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" };

/** What the Server's handlers need to know about a call: its HTTP request's context. */
export type CallOrigin<C> = { context: C; clientId: RequestId; leases: CallLeases };

/** One POST whose SSE stream is open until every request in it has its response. */
class Post<C> {
  open = 0;
  ended = false;
  timer: NodeJS.Timeout | undefined;
  constructor(
    readonly res: ServerResponse,
    readonly context: C,
    readonly leases: CallLeases,
    readonly done: () => void,
  ) {}

  write(message: JSONRPCMessage): void {
    if (!this.ended) this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    this.leases.releaseAll();
    if (!this.res.writableEnded) this.res.end();
    this.done();
  }
}

type Call<C> = { post: Post<C>; clientId: RequestId };

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
}

export class SharedHttpTransport<C> implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly calls = new Map<number, Call<C>>();
  private nextId = 1;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const call of this.calls.values()) call.post.end();
    this.calls.clear();
    this.onclose?.();
  }

  /** The HTTP request a call the Server is handling came in on; undefined once its client went away. */
  originOf(id: RequestId): CallOrigin<C> | undefined {
    const call = typeof id === "number" ? this.calls.get(id) : undefined;
    return call && { context: call.post.context, clientId: call.clientId, leases: call.post.leases };
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const response = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
    const id = response ? (message as { id: RequestId }).id : options?.relatedRequestId;
    const call = typeof id === "number" ? this.calls.get(id) : undefined;
    // No call: its client went away, or a message outside any call (this server sends none).
    if (!call) return;
    if (!response) return call.post.write(message);
    this.calls.delete(id as number);
    call.post.leases.release(call.clientId);
    call.post.write({ ...message, id: call.clientId } as JSONRPCMessage);
    if (--call.post.open === 0) call.post.end();
  }

  /**
   * Serves one POST's messages (the body already read as JSON) as the SDK's transport would;
   * resolves when its response has ended (every call answered, or the client gone).
   */
  handle(opts: { context: C; raw: unknown; req: IncomingMessage; res: ServerResponse; signal: AbortSignal; leases: CallLeases; headers: Record<string, string> }): Promise<void> {
    const { req, res, leases } = opts;
    const accept = headerOf(req, "accept");
    if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
      return refuse(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
    }
    if (!isJsonContentType(headerOf(req, "content-type") ?? undefined)) return refuse(415, -32000, "Unsupported Media Type: Content-Type must be application/json");
    let messages: JSONRPCMessage[];
    try {
      messages = (Array.isArray(opts.raw) ? opts.raw : [opts.raw]).map((m) => JSONRPCMessageSchema.parse(m));
    } catch {
      return refuse(400, -32700, "Parse error: Invalid JSON-RPC message");
    }
    const initializing = messages.some(isInitializeRequest);
    if (initializing && messages.length > 1) return refuse(400, -32600, "Invalid Request: Only one initialization request is allowed");
    const version = headerOf(req, "mcp-protocol-version");
    if (!initializing && version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refuse(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`);
    }
    const requests = messages.filter(isJSONRPCRequest);
    // Notifications and responses only: accepted. A fresh Server per POST (as the SDK's stateless
    // transport has it) has nothing they could act on, so they are not passed on.
    if (!requests.length) {
      res.writeHead(202, opts.headers).end();
      return Promise.resolve();
    }

    return new Promise<void>((resolve) => {
      const post = new Post(res, opts.context, leases, resolve);
      const ids = new Map<string, number>();
      res.writeHead(200, { ...SSE_HEADERS, ...opts.headers });
      res.flushHeaders();
      for (const request of requests) {
        const id = this.nextId++;
        ids.set(`${typeof request.id}:${request.id}`, id);
        this.calls.set(id, { post, clientId: request.id });
        post.open++;
      }
      const forget = () => {
        for (const id of ids.values()) this.calls.delete(id);
        post.end();
      };
      if (opts.signal.aborted) return forget();
      opts.signal.addEventListener("abort", forget, { once: true });
      post.timer = setInterval(() => res.write(": keepalive\n\n"), KEEP_ALIVE_MS).unref();
      for (const message of messages) {
        if (isJSONRPCRequest(message)) this.onmessage?.({ ...message, id: ids.get(`${typeof message.id}:${message.id}`)! });
        else if (isCancelled(message)) {
          // notifications/cancelled of a request in the same POST: the only notification a per-POST Server could act on.
          const id = ids.get(`${typeof message.params.requestId}:${message.params.requestId}`);
          if (id !== undefined) this.onmessage?.({ ...message, params: { ...message.params, requestId: id } });
        }
      }
    });

    function refuse(status: number, code: number, message: string): Promise<void> {
      leases.releaseAll();
      jsonError(res, status, code, message);
      return Promise.resolve();
    }
  }
}

function isCancelled(m: JSONRPCMessage): m is JSONRPCMessage & { method: "notifications/cancelled"; params: { requestId: RequestId } } {
  const params = (m as { params?: { requestId?: unknown } }).params;
  return (m as { method?: unknown }).method === "notifications/cancelled" && (typeof params?.requestId === "string" || typeof params?.requestId === "number");
}
