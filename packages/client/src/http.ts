// Transport for the client: one fetch wrapper (auth, JSON, error mapping) and the retry helpers.
// Only web-standard globals here, so the client runs unchanged in Node 20, Deno and browsers.
import { ApiError, NetworkError, isRetryable } from "./errors.ts";

export interface Transport {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  userAgent: string;
}

export interface SendOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the bearer token (everything but /api/health). */
  auth?: boolean;
  /** Non-2xx statuses handed back instead of thrown (the caller inspects the body). */
  allowStatus?: number[];
}

/** Performs one HTTP call; non-2xx → ApiError, no answer → NetworkError, abort → the abort reason. */
export async function send(t: Transport, method: string, path: string, opts: SendOptions = {}): Promise<Response> {
  const url = new URL(t.baseUrl + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: "application/json", "user-agent": t.userAgent, ...opts.headers };
  if (opts.auth !== false) headers.authorization = `Bearer ${t.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await t.fetch(url, { method, headers, body, signal: opts.signal });
  } catch (e) {
    throw wrapFailure(e, opts.signal, `${method} ${url.pathname} failed`);
  }
  if (!res.ok && !opts.allowStatus?.includes(res.status)) throw await ApiError.fromResponse(res);
  return res;
}

/** Reads a 2xx body as JSON; a connection dropped mid-body counts as a network failure. */
export async function readJson<T>(res: Response, signal?: AbortSignal): Promise<T> {
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    throw wrapFailure(e, signal, "reading the response body failed");
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`The server sent a ${res.status} response that is not JSON.`);
  }
}

function wrapFailure(e: unknown, signal: AbortSignal | undefined, message: string): unknown {
  // An abort is the caller's decision, not a network fault: hand back the abort reason untouched.
  if (signal?.aborted) return signal.reason ?? e;
  return new NetworkError(message, { cause: e });
}

/** Resolves after `ms`, or rejects with the abort reason as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;
const RETRY_AFTER_CAP_MS = 60_000;

/** Delay before retry `attempt` (1-based): the server's Retry-After when given, else capped jittered exponential. */
export function retryDelay(attempt: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfterMs !== null) return Math.min(error.retryAfterMs, RETRY_AFTER_CAP_MS);
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.5 + Math.random() / 2)); // jitter so many agents don't retry in lockstep
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** Epoch ms after which no further attempt starts; Infinity for none. */
  deadline: number;
  retryable?: (e: unknown) => boolean;
}

/** Runs `fn` until it succeeds, a non-retryable error occurs, or the next try would pass the deadline. */
export async function retrying<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const retryable = opts.retryable ?? isRetryable;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? e;
      if (!retryable(e)) throw e;
      const delay = retryDelay(attempt, e);
      if (Date.now() + delay >= opts.deadline) throw e;
      await sleep(delay, opts.signal);
    }
  }
}
