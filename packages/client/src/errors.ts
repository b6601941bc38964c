// Errors the client throws: ApiError (and one subclass per common problem) for any non-2xx answer
// (RFC 9457 problem+json, or a synthetic problem when the body is not one), NetworkError when no
// answer arrived at all.
import type { Problem } from "./types.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** Milliseconds from a `Retry-After` header (429, 503), or null when absent. */
  readonly retryAfterMs: number | null;

  constructor(problem: Problem, retryAfterMs: number | null = null) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = "ApiError";
    this.status = problem.status;
    this.problem = problem;
    this.retryAfterMs = retryAfterMs;
  }

  /** The problem type URI, e.g. `/problems/already-resolved`. */
  get type(): string {
    return this.problem.type;
  }

  /** Per-field validation messages (400/422), empty otherwise. */
  get errors(): Array<{ path: string; message: string }> {
    return this.problem.errors ?? [];
  }

  /** Reads the (already non-2xx) response body; never throws itself. */
  static async fromResponse(res: Response): Promise<ApiError> {
    const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
    let text = "";
    try {
      text = await res.text();
    } catch {
      // the body broke off: the status line alone still tells the caller what happened
    }
    const problem = toProblem(res, text);
    const Kind = KINDS[problem.status] ?? ApiError;
    return new Kind(problem, retryAfterMs);
  }
}

/** 401: missing, unknown or revoked token. */
export class UnauthorizedError extends ApiError {
  override name = "UnauthorizedError";
}
/** 403: the token lacks the scope the call needs. */
export class ForbiddenError extends ApiError {
  override name = "ForbiddenError";
}
/** 404: no such request, or another team's. */
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
}
/** 409: already resolved (or an Idempotency-Key still in flight); 410: secrets already claimed. */
export class ConflictError extends ApiError {
  override name = "ConflictError";
}
/** 412: `If-Match` named a stale version. */
export class PreconditionFailedError extends ApiError {
  override name = "PreconditionFailedError";
}
/** 400/413/415/422: the input was refused; `errors` names the fields. Nothing was changed. */
export class ValidationError extends ApiError {
  override name = "ValidationError";
}
/** 429: rate limited; `retryAfterMs` says when to try again. */
export class RateLimitedError extends ApiError {
  override name = "RateLimitedError";
}

const KINDS: Record<number, typeof ApiError> = {
  400: ValidationError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  410: ConflictError,
  412: PreconditionFailedError,
  413: ValidationError,
  415: ValidationError,
  422: ValidationError,
  429: RateLimitedError,
};

/** fetch itself failed (connection refused/reset, DNS, a body cut short): no HTTP status to show. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NetworkError";
  }
}

function toProblem(res: Response, text: string): Problem {
  const parsed = tryParse(text);
  if (isProblem(parsed)) return { ...parsed, status: res.status };
  // Proxies and crashed servers answer with HTML or plain text: keep a short, safe excerpt.
  const excerpt = text.trim().slice(0, 300);
  return {
    type: "about:blank",
    title: res.statusText || `HTTP ${res.status}`,
    status: res.status,
    ...(excerpt ? { detail: excerpt } : {}),
  };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isProblem(v: unknown): v is Problem {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.type === "string" && typeof o.title === "string";
}

/** `Retry-After` as delta-seconds or an HTTP date → milliseconds (≥ 0), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/** Worth retrying a safe/idempotent call: no answer at all, rate limited, or a server draining. */
export function isRetryable(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  return e instanceof ApiError && RETRYABLE_STATUS.has(e.status);
}
