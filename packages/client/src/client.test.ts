import { describe, expect, it } from "vitest";
import type { QuestionRequest } from "./types.ts";
import { ApiError, QuestionsClient, StreamResetError, type CreateRequestInput, type QuestionEvent, type StreamReset } from "./index.ts";

type Call = { method: string; url: URL; headers: Headers; body: string | undefined };
type Handler = (call: Call, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A fake fetch that records calls, answers from a queue, and honours abort like undici. */
function fakeFetch(handlers: Handler[]): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = { method: init?.method ?? "GET", url: new URL(String(input)), headers: new Headers(init?.headers), body: init?.body as string | undefined };
    calls.push(call);
    const handler = handlers.shift();
    if (!handler) throw new Error(`unexpected ${call.method} ${call.url}`);
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    return handler(call, signal);
  };
  return { fetch: impl as typeof fetch, calls };
}

const request = (status: QuestionRequest["status"], version = 1): QuestionRequest => ({
  id: "qr_1",
  status,
  source: "model_tool",
  mode: "interactive",
  title: null,
  context: null,
  agent: { name: "bot", sessionId: null, turnId: null, toolCallId: null, parentRequestId: null },
  questions: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  expiresAt: null,
  resolvedAt: null,
  resolvedBy: null,
  response: null,
  version,
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const problem = (status: number, type: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type, title: "t", status, detail: "d" }), { status, headers: { "content-type": "application/problem+json", ...headers } });
const networkError: Handler = () => {
  throw new TypeError("fetch failed");
};

const body: CreateRequestInput = { agent: { name: "bot" }, questions: [{ id: "q", header: "H", prompt: "P?", kind: "freeform" }] };

function client(handlers: Handler[]) {
  const f = fakeFetch(handlers);
  return { c: new QuestionsClient({ baseUrl: "http://x.test/", token: "oqt_t", fetch: f.fetch }), calls: f.calls };
}

describe("QuestionsClient", () => {
  it("creates with JSON, bearer auth and Idempotency-Key, and reports replays", async () => {
    const { c, calls } = client([() => json(request("pending"), 201), () => json(request("pending"), 200, { "idempotent-replayed": "true" })]);
    expect(await c.createRaw(body, { idempotencyKey: "k1" })).toMatchObject({ status: 201, replayed: false });
    expect(await c.createRaw(body, { idempotencyKey: "k1" })).toMatchObject({ status: 200, replayed: true });
    expect(calls[0].url.href).toBe("http://x.test/api/v1/requests");
    expect(calls[0].headers.get("authorization")).toBe("Bearer oqt_t");
    expect(calls[0].headers.get("content-type")).toBe("application/json");
    expect(calls[0].headers.get("idempotency-key")).toBe("k1");
    expect(JSON.parse(calls[0].body ?? "")).toEqual(body);
  });

  it("throws ApiError from problem+json and a synthetic problem from anything else", async () => {
    const { c } = client([() => problem(409, "/problems/already-resolved"), () => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" })]);
    const e1 = await c.reply("qr_1", { answers: {} }).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect((e1 as ApiError).type).toBe("/problems/already-resolved");
    expect((e1 as ApiError).status).toBe(409);
    const e2 = (await c.get("qr_1").catch((e: unknown) => e)) as ApiError;
    expect(e2.problem).toMatchObject({ type: "about:blank", title: "Bad Gateway", status: 502, detail: "<html>bad gateway</html>" });
  });

  it("sends If-Match and list filters", async () => {
    const { c, calls } = client([() => json(request("answered", 2)), () => json({ data: [], nextCursor: null })]);
    await c.reply("qr_1", { answers: {} }, { ifMatch: 1 });
    expect(calls[0].headers.get("if-match")).toBe('"v1"');
    expect(await c.list({ status: "pending", limit: 10 })).toEqual({ data: [], nextCursor: null });
    expect(calls[1].url.search).toBe("?status=pending&limit=10");
  });

  it("wait retries 503/429 and network errors, then returns the terminal request", async () => {
    const { c, calls } = client([
      () => problem(503, "/problems/unavailable", { "retry-after": "0" }),
      networkError,
      () => json(request("pending")),
      () => problem(429, "/problems/rate-limited", { "retry-after": "0" }),
      () => json(request("answered", 2)),
    ]);
    const result = await c.wait("qr_1", { timeoutMs: 30_000 });
    expect(result.status).toBe("answered");
    expect(calls).toHaveLength(5);
    expect(calls.every((x) => Number(x.url.searchParams.get("wait")) >= 29)).toBe(true);
  });

  it("wait returns the last pending request on timeout", async () => {
    const handlers: Handler[] = Array.from({ length: 1000 }, () => () => json(request("pending")));
    const { c } = client(handlers);
    expect((await c.wait("qr_1", { timeoutMs: 20 })).status).toBe("pending");
  });

  it("wait rejects promptly when aborted mid long-poll", async () => {
    const { c } = client([(_call, signal) => new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)))]);
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("stop")), 10);
    await expect(c.wait("qr_1", { signal: ac.signal })).rejects.toThrow("stop");
  });

  it("ask retries the create under one idempotency key, then waits", async () => {
    const { c, calls } = client([networkError, () => json(request("pending"), 200, { "idempotent-replayed": "true" }), () => json(request("answered", 2))]);
    expect((await c.ask(body)).status).toBe("answered");
    const key = calls[0].headers.get("idempotency-key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1].headers.get("idempotency-key")).toBe(key);
    expect(calls[2].url.pathname).toBe("/api/v1/requests/qr_1");
  });

  it("health returns ok:false for an unhealthy 503 body", async () => {
    const { c, calls } = client([() => json({ ok: false, database: "unreachable" }, 503)]);
    expect(await c.health()).toEqual({ ok: false });
    expect(calls[0].headers.get("authorization")).toBeNull();
  });
});

function sseResponse(text: string, keepOpen = false, onCancel?: () => void): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!keepOpen) controller.close();
    },
    cancel: onCancel,
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream" } });
}

const frame = (id: number, type: string) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify({ id, type, requestId: "qr_1", createdAt: "2026-01-01T00:00:00.000Z", request: request("pending") })}\n\n`;

describe("QuestionsClient.events", () => {
  it("reconnects with Last-Event-ID after a dropped stream, and ends on abort without leaking the reader", async () => {
    let cancelled = false;
    const { c, calls } = client([
      () => sseResponse(`retry: 5\n: connected\n\n${frame(1, "request.created")}: ping\n\n${frame(2, "request.answered")}`),
      networkError,
      () => sseResponse(frame(3, "request.expired"), true, () => (cancelled = true)),
    ]);
    const ac = new AbortController();
    const seen: QuestionEvent[] = [];
    for await (const event of c.events({ signal: ac.signal, lastEventId: 0 })) {
      seen.push(event);
      if (event.id === 3) setTimeout(() => ac.abort(), 5);
    }
    expect(seen.map((e) => [e.id, e.type, e.request.id])).toEqual([
      [1, "request.created", "qr_1"],
      [2, "request.answered", "qr_1"],
      [3, "request.expired", "qr_1"],
    ]);
    expect(calls[0].headers.get("accept")).toBe("text/event-stream");
    expect(calls[0].headers.get("last-event-id")).toBe("0");
    expect(calls[1].headers.get("last-event-id")).toBe("2");
    expect(calls[2].headers.get("last-event-id")).toBe("2");
    expect(cancelled).toBe(true);
  });

  it("throws non-retryable errors and stops at a clean end when reconnect is false", async () => {
    const { c } = client([() => problem(401, "/problems/unauthorized"), () => sseResponse(frame(1, "request.created"))]);
    await expect(c.events()[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(ApiError);
    const ids: number[] = [];
    for await (const e of c.events({ reconnect: false })) ids.push(e.id);
    expect(ids).toEqual([1]);
  });

  it("hands a reset to onReset, resumes after resumeFrom, and throws StreamResetError without a handler", async () => {
    const reset = `id: 40\nevent: reset\ndata: ${JSON.stringify({ type: "reset", lastEventId: 3, resumeFrom: 40 })}\n\n`;
    const { c, calls } = client([() => sseResponse(`retry: 5\n\n${reset}${frame(41, "request.created")}`), () => sseResponse(frame(42, "request.answered"))]);
    const resets: StreamReset[] = [];
    const ids: number[] = [];
    const ac = new AbortController();
    for await (const e of c.events({ lastEventId: 3, signal: ac.signal, onReset: (r) => void resets.push(r) })) {
      ids.push(e.id);
      if (e.id === 42) ac.abort();
    }
    expect(resets).toEqual([{ lastEventId: 3, resumeFrom: 40 }]);
    expect(ids).toEqual([41, 42]);
    expect(calls[1]!.headers.get("last-event-id")).toBe("41");

    const bare = client([() => sseResponse(reset)]);
    const err = await bare.c.events({ lastEventId: 3, reconnect: false })[Symbol.asyncIterator]().next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamResetError);
    expect((err as StreamResetError).reset.resumeFrom).toBe(40);
  });
});
