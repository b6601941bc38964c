// The Streamable HTTP transport for POST /api/mcp on node's own request and response, shared by
// every request: one SDK Server is connected to it once (lib/mcp/server.ts). The SDK's node
// transport is stateless only as one Server + transport per POST, bridged to web streams through
// @hono/node-server — about 45 KB of heap per waiting tool call, so 10,000 waiting agents would
// not fit in 500 MB. This one writes what the SDK's would (the same checks, status codes, SSE
// events and keep-alive comments) and holds a small entry per open call.
// JSON-RPC ids are the client's, so two POSTs may both send id 1: each request is handed to the
// Server under a process-unique id, and its response and notifications go back under the client's.
// The tool calls that wait for a human (answerDirectly, lib/mcp/server.ts) skip the Server: its promise
// chain, AbortController and closures per request were most of what an open MCP wait held.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type CallToolResult,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { headerOf } from "../http/headers";
import type { CallLeases } from "./leases";

/** As the SDK's transport (DEFAULT_SSE_KEEP_ALIVE_MS): a comment frame when a stream was idle this long, so idle timeouts keep it. */
const KEEP_ALIVE_MS = 15_000;
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" };

/** What the Server's handlers need to know about a call: its HTTP request's context. */
export type CallOrigin<C> = { context: C; clientId: RequestId; leases: CallLeases };

/**
 * One POST whose SSE stream is open until every request in it has its response. It is its
 * request's abort listener (handleEvent): no closure keeps the POST's parsed messages alive.
 */
class Post<C> {
  open = 0;
  ended = false;
  /** Date.now() of the last frame written: the shared keep-alive tick writes to streams idle since KEEP_ALIVE_MS */
  wrote = Date.now();
  /** the process-unique ids of its requests */
  readonly ids: number[] = [];
  constructor(
    readonly res: ServerResponse,
    readonly context: C,
    readonly leases: CallLeases,
    readonly done: () => void,
    private readonly transport: { streams: Set<Post<C>>; calls: Map<number, OpenCall<C>> },
  ) {}

  write(message: JSONRPCMessage): void {
    if (this.ended) return;
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    this.wrote = Date.now();
  }

  keepAlive(now: number): void {
    if (this.ended || now - this.wrote < KEEP_ALIVE_MS) return;
    this.res.write(": keepalive\n\n");
    this.wrote = now;
  }

  /** The client went away: its calls are forgotten (their responses go nowhere) and the stream ends. */
  handleEvent(): void {
    for (const id of this.ids) this.transport.calls.delete(id);
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.transport.streams.delete(this);
    this.leases.releaseAll();
    if (!this.res.writableEnded) this.res.end();
    this.done();
  }
}

/** One request of a POST, under way. A tool call the transport answers itself (direct) is one of these and nothing else. */
export class OpenCall<C> implements CallOrigin<C> {
  /** notifications/cancelled named it: nothing more is written for it (as the SDK's Protocol does) */
  cancelled = false;
  constructor(
    readonly post: Post<C>,
    readonly clientId: RequestId,
    readonly direct: boolean,
  ) {}

  get context(): C {
    return this.post.context;
  }

  get leases(): CallLeases {
    return this.post.leases;
  }

  /** A notification about this call (progress), on its POST's stream. */
  notify(notification: { method: string; params?: Record<string, unknown> }): void {
    if (!this.cancelled) this.post.write({ ...notification, jsonrpc: "2.0" } as JSONRPCMessage);
  }

  /** The client cancelled it: its wait ends (the lease's listener) and no response is sent. */
  cancel(): void {
    this.cancelled = true;
    this.post.leases.get(this.clientId)?.end();
  }
}

/** Answers a tool call past the SDK Server; `call` carries its origin, cancellation and progress. */
export type DirectHandler<C> = (request: CallToolRequest, call: OpenCall<C>) => Promise<CallToolResult>;

/** Parsed as the SDK's Server would (CallToolRequestSchema); null: leave it to the Server (invalid, a task, another tool). */
function directCall(message: JSONRPCMessage, tools: ReadonlySet<string>): CallToolRequest | null {
  const m = message as { method?: unknown; params?: { name?: unknown; task?: unknown } };
  if (m.method !== "tools/call" || !tools.has(m.params?.name as string) || m.params?.task !== undefined) return null;
  const parsed = CallToolRequestSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}

function jsonError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }).end(body);
}

export class SharedHttpTransport<C> implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly calls = new Map<number, OpenCall<C>>();
  readonly streams = new Set<Post<C>>();
  private keepAliveTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private direct: { tools: ReadonlySet<string>; handler: DirectHandler<C> } | null = null;

  /** These tools' calls are answered by `handler`, not the Server. */
  answerDirectly(tools: string[], handler: DirectHandler<C>): void {
    this.direct = { tools: new Set(tools), handler };
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const call of this.calls.values()) call.post.end();
    this.calls.clear();
    this.stopKeepAlive();
    this.onclose?.();
  }

  /** The HTTP request a call the Server is handling came in on; undefined once its client went away. */
  originOf(id: RequestId): CallOrigin<C> | undefined {
    return typeof id === "number" ? this.calls.get(id) : undefined;
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
   * A direct call's response, as the SDK's Server would send it: the result checked against
   * CallToolResultSchema, a thrown error as a JSON-RPC error, nothing once cancelled.
   */
  private async answer(id: number, request: CallToolRequest, handler: DirectHandler<C>): Promise<void> {
    const call = this.calls.get(id)!;
    let message: JSONRPCMessage;
    try {
      const result = CallToolResultSchema.safeParse(await handler(request, call));
      if (!result.success) throw Object.assign(new Error(`Invalid tools/call result: ${result.error.message}`), { code: ErrorCode.InvalidParams });
      message = { result: result.data, jsonrpc: "2.0", id } as JSONRPCMessage;
    } catch (e) {
      const error = e as { code?: unknown; message?: string; data?: unknown };
      const code = Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError;
      message = { jsonrpc: "2.0", id, error: { code, message: error.message ?? "Internal error", ...(error.data !== undefined && { data: error.data }) } };
    }
    if (!call.cancelled) await this.send(message);
  }

  /** Starts a POST's event stream and hands its messages on (requests to the Server or `direct`, cancellations to their call). */
  private open(post: Post<C>, messages: JSONRPCMessage[], requests: JSONRPCMessage[], signal: AbortSignal, headers: Record<string, string>): void {
    const res = post.res;
    const ids = new Map<string, number>();
    res.writeHead(200, { ...SSE_HEADERS, ...headers });
    res.flushHeaders();
    const direct = this.direct;
    const parsed = new Map<number, CallToolRequest>();
    for (const request of requests as (JSONRPCMessage & { id: RequestId })[]) {
      const id = this.nextId++;
      ids.set(`${typeof request.id}:${request.id}`, id);
      post.ids.push(id);
      const call = direct && directCall(request, direct.tools);
      if (call) parsed.set(id, call);
      this.calls.set(id, new OpenCall(post, request.id, Boolean(call)));
      post.open++;
    }
    if (signal.aborted) return post.handleEvent();
    signal.addEventListener("abort", post, { once: true });
    this.streams.add(post);
    this.startKeepAlive();
    for (const message of messages) {
      if (isJSONRPCRequest(message)) {
        const id = ids.get(`${typeof message.id}:${message.id}`)!;
        const call = parsed.get(id);
        if (call) void this.answer(id, call, direct!.handler);
        else this.onmessage?.({ ...message, id });
      } else if (isCancelled(message)) {
        // notifications/cancelled of a request in the same POST: the only notification a per-POST Server could act on.
        const id = ids.get(`${typeof message.params.requestId}:${message.params.requestId}`);
        const call = id === undefined ? undefined : this.calls.get(id);
        if (call?.direct) call.cancel();
        else if (id !== undefined) this.onmessage?.({ ...message, params: { ...message.params, requestId: id } });
      }
    }
  }

  /** One interval for every open stream instead of a timer per POST. */
  private startKeepAlive(): void {
    if (this.keepAliveTimer) return;
    this.keepAliveTimer = setInterval(() => {
      if (this.streams.size === 0) return this.stopKeepAlive();
      const now = Date.now();
      for (const post of this.streams) post.keepAlive(now);
    }, KEEP_ALIVE_MS / 3).unref();
  }

  private stopKeepAlive(): void {
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = null;
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

    return new Promise<void>((resolve) => this.open(new Post(res, opts.context, leases, resolve, this), messages, requests, opts.signal, opts.headers));

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
