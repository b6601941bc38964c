// Typed client for the OpenOxide Questions agent API (/api/v1). Web-standard globals only (fetch,
// AbortSignal, TextDecoder, crypto.randomUUID): runs in Node 20+, Bun, Deno and browsers.
import { ApiError, isRetryable } from "./errors.ts";
import { streamEvents, type EventsOptions, type QuestionEvent } from "./events.ts";
import { readJson, retrying, send, type SendOptions, type Transport } from "./http.ts";
import type { CreateRequestInput, ListQuery, QuestionRequest, ReplyInput } from "./types.ts";

export interface QuestionsClientOptions {
  /** The app's origin (optionally with a path prefix), e.g. `https://questions.example.com`. */
  baseUrl: string;
  /** An `oqt_…` bearer token. */
  token: string;
  fetch?: typeof fetch;
  userAgent?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  idempotencyKey?: string;
  /** Retry transient failures under one Idempotency-Key (`timeoutMs`: stop starting new tries after it). */
  retry?: boolean | { timeoutMs?: number };
}

export interface CreateResult {
  request: QuestionRequest;
  /** 201 for a new request, 200 when an Idempotency-Key replayed an earlier one. */
  status: number;
  replayed: boolean;
}

export interface ListResult {
  data: QuestionRequest[];
  nextCursor: string | null;
}

const MAX_WAIT_SECONDS = 60;

export class QuestionsClient {
  private readonly t: Transport;

  constructor(opts: QuestionsClientOptions) {
    this.t = {
      baseUrl: opts.baseUrl.replace(/\/+$/, ""),
      token: opts.token,
      // Late-bound: a bare `fetch` reference called as a method throws "Illegal invocation" in browsers.
      fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      userAgent: opts.userAgent ?? "openoxide-questions-client/0.1",
    };
  }

  /**
   * POST /requests → 201 (or 200 on an idempotent replay). With `retry`, network failures and
   * 429/502/503/504 are retried under one Idempotency-Key (generated when not given), so a retry
   * after a lost response returns the same request instead of asking twice.
   */
  async createRaw(body: CreateRequestInput, opts: CreateOptions = {}): Promise<CreateResult> {
    const { signal } = opts;
    if (!opts.retry) return this.createOnce(body, opts.idempotencyKey, signal);
    const idempotencyKey = opts.idempotencyKey ?? globalThis.crypto.randomUUID();
    const deadline = opts.retry === true || opts.retry.timeoutMs === undefined ? Infinity : Date.now() + opts.retry.timeoutMs;
    return retrying(() => this.createOnce(body, idempotencyKey, signal), {
      signal,
      deadline,
      // 409 "in flight": our earlier attempt is still being processed; its replay is coming.
      retryable: (e) => isRetryable(e) || (e instanceof ApiError && e.type === "/problems/idempotency-in-flight"),
    });
  }

  async create(body: CreateRequestInput, opts: CreateOptions = {}): Promise<QuestionRequest> {
    return (await this.createRaw(body, opts)).request;
  }

  private async createOnce(body: CreateRequestInput, idempotencyKey: string | undefined, signal: AbortSignal | undefined): Promise<CreateResult> {
    const headers: Record<string, string> = idempotencyKey ? { "idempotency-key": idempotencyKey } : {};
    const res = await send(this.t, "POST", "/api/v1/requests", { body, headers, signal });
    const request = await readJson<QuestionRequest>(res, signal);
    return { request, status: res.status, replayed: res.headers.get("idempotent-replayed") === "true" };
  }

  /** GET /requests/:id; `wait` (seconds, clamped to 0–60) long-polls until terminal or elapsed. */
  async get(id: string, opts: CallOptions & { wait?: number } = {}): Promise<QuestionRequest> {
    const wait = opts.wait === undefined ? undefined : Math.min(MAX_WAIT_SECONDS, Math.max(0, Math.ceil(opts.wait)));
    return this.json("GET", `/api/v1/requests/${enc(id)}`, { query: { wait }, signal: opts.signal });
  }

  /**
   * Long-polls until the request is terminal. On timeout returns the last (pending) request
   * seen; network errors and 429/502/503/504 are retried, honouring Retry-After.
   */
  async wait(id: string, opts: CallOptions & { timeoutMs?: number } = {}): Promise<QuestionRequest> {
    const { signal } = opts;
    const deadline = opts.timeoutMs === undefined ? Infinity : Date.now() + opts.timeoutMs;
    let last: QuestionRequest | undefined;
    for (;;) {
      let current: QuestionRequest;
      try {
        current = await retrying(() => this.get(id, { wait: waitSeconds(deadline), signal }), { signal, deadline });
      } catch (e) {
        // Out of time while the server was unreachable: what we already know beats an error.
        if (last !== undefined && isRetryable(e)) return last;
        throw e;
      }
      last = current;
      if (current.status !== "pending" || Date.now() >= deadline) return current;
    }
  }

  /**
   * Creates a request and waits until it is terminal (or `timeoutMs` for the whole call passes,
   * returning the pending request). The create is retried under one Idempotency-Key, so a retry
   * after a lost response returns the same request instead of asking twice.
   */
  async ask(body: CreateRequestInput, opts: CallOptions & { timeoutMs?: number; idempotencyKey?: string } = {}): Promise<QuestionRequest> {
    const { signal } = opts;
    const deadline = opts.timeoutMs === undefined ? Infinity : Date.now() + opts.timeoutMs;
    const created = await this.create(body, { idempotencyKey: opts.idempotencyKey, signal, retry: { timeoutMs: opts.timeoutMs } });
    if (created.status !== "pending") return created;
    const timeoutMs = deadline === Infinity ? undefined : Math.max(0, deadline - Date.now());
    return this.wait(created.id, { timeoutMs, signal });
  }

  /** POST /requests/:id/cancel — the agent withdraws its request. */
  async cancel(id: string, reason?: string, opts: CallOptions = {}): Promise<QuestionRequest> {
    return this.json("POST", `/api/v1/requests/${enc(id)}/cancel`, { body: reason ? { reason } : {}, signal: opts.signal });
  }

  /** POST /sessions/:sessionId/cancel — cancels every pending request of an interrupted session. */
  async cancelSession(sessionId: string, opts: CallOptions = {}): Promise<{ cancelled: number }> {
    return this.json("POST", `/api/v1/sessions/${enc(sessionId)}/cancel`, { body: {}, signal: opts.signal });
  }

  /** GET /requests — filtered, cursor-paged (pass `nextCursor` back as `cursor`). */
  async list(query: ListQuery = {}, opts: CallOptions = {}): Promise<ListResult> {
    const q: Record<string, string | number | undefined> = { ...query };
    return this.json("GET", "/api/v1/requests", { query: q, signal: opts.signal });
  }

  /** POST /requests/:id/reply; `ifMatch` (a version) makes a stale reply fail with 412. */
  async reply(id: string, body: ReplyInput, opts: CallOptions & { ifMatch?: number } = {}): Promise<QuestionRequest> {
    return this.json("POST", `/api/v1/requests/${enc(id)}/reply`, { body, headers: ifMatch(opts.ifMatch), signal: opts.signal });
  }

  /** POST /requests/:id/reject — a reviewer declines, with a reason for the agent. */
  async reject(id: string, reason: string, opts: CallOptions & { ifMatch?: number } = {}): Promise<QuestionRequest> {
    return this.json("POST", `/api/v1/requests/${enc(id)}/reject`, { body: { reason }, headers: ifMatch(opts.ifMatch), signal: opts.signal });
  }

  /** POST /requests/:id/secrets/claim — plaintext secret answers; works once, for the creating token. */
  async claimSecrets(id: string, opts: CallOptions = {}): Promise<Record<string, string>> {
    return this.json("POST", `/api/v1/requests/${enc(id)}/secrets/claim`, { signal: opts.signal });
  }

  /** GET /events as an async iterable; see EventsOptions. Break out of the loop or abort to stop. */
  events(opts: EventsOptions = {}): AsyncIterable<QuestionEvent> {
    return streamEvents(
      (lastEventId, signal) =>
        send(this.t, "GET", "/api/v1/events", {
          headers: { accept: "text/event-stream", ...(lastEventId !== undefined ? { "last-event-id": String(lastEventId) } : {}) },
          signal,
        }),
      opts,
    );
  }

  /**
   * GET /api/health (no auth). A 503 whose body says `{ok:false}` (database unreachable) is
   * returned, not thrown, so callers can branch on `ok`; other failures throw.
   */
  async health(opts: CallOptions = {}): Promise<{ ok: boolean }> {
    const res = await send(this.t, "GET", "/api/health", { auth: false, signal: opts.signal, allowStatus: [503] });
    if (res.ok) return readJson<{ ok: boolean }>(res, opts.signal);
    const body = await readJson<unknown>(res.clone(), opts.signal).catch(() => undefined);
    if (typeof body === "object" && body !== null && (body as { ok?: unknown }).ok === false) return { ok: false };
    throw await ApiError.fromResponse(res);
  }

  private async json<T>(method: string, path: string, opts: SendOptions): Promise<T> {
    const res = await send(this.t, method, path, opts);
    return readJson<T>(res, opts.signal);
  }
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { "if-match": `"v${version}"` };
}

function waitSeconds(deadline: number): number {
  if (deadline === Infinity) return MAX_WAIT_SECONDS;
  return Math.min(MAX_WAIT_SECONDS, Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
}
