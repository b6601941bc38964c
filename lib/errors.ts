// One error type for the whole app: a code, its HTTP status and problem type, a safe message.
// Route handlers turn it into RFC 9457 problem+json; anything else becomes a generic 500.
import type { z } from "zod";

export const ERROR_CODES = {
  bad_request: { status: 400, title: "Bad request" },
  invalid_json: { status: 400, title: "Malformed JSON body" },
  invalid_query: { status: 400, title: "Invalid query parameters" },
  unauthorized: { status: 401, title: "Missing or invalid token" },
  forbidden: { status: 403, title: "Scope lacking" },
  not_found: { status: 404, title: "Not found" },
  already_resolved: { status: 409, title: "Request already resolved" },
  idempotency_in_flight: { status: 409, title: "Idempotency key in flight" },
  conflict: { status: 409, title: "Conflict" },
  secret_gone: { status: 410, title: "Secret already claimed or purged" },
  precondition_failed: { status: 412, title: "Version precondition failed" },
  payload_too_large: { status: 413, title: "Body too large" },
  unsupported_media_type: { status: 415, title: "Body must be application/json" },
  validation: { status: 422, title: "Validation failed" },
  idempotency_mismatch: { status: 422, title: "Idempotency key reused with a different body" },
  rate_limited: { status: 429, title: "Too many requests" },
  unavailable: { status: 503, title: "Service unavailable" },
  internal: { status: 500, title: "Internal error" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? ERROR_CODES[code].title);
    this.status = ERROR_CODES[code].status;
  }
}

export function problemType(code: ErrorCode): string {
  return `/problems/${code.replace(/_/g, "-")}`;
}

/** Field paths like `questions[0].options[1].label` from zod issues. */
export function fieldErrors(error: z.ZodError, prefix = ""): FieldError[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path, prefix), message: issue.message }));
}

export function formatPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(body)";
}

/** A problem lists at most this many field errors (plus the total), so it stays small. */
export const MAX_LISTED_ERRORS = 20;
const MAX_TEXT = 200;
const DETAIL_ERRORS = 3;

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

/**
 * The one formatter of field errors: 422 `validation` for bodies and headers, 400
 * `invalid_query` for query strings. Paths and messages are clipped (a path can echo a key the
 * client sent); problem() lists the first MAX_LISTED_ERRORS and gives the total.
 */
export function validationError(errors: FieldError[], detail?: string, code: "validation" | "invalid_query" = "validation"): AppError {
  const clipped = errors.map((e) => ({ path: clip(e.path), message: clip(e.message) }));
  const shown = clipped.slice(0, DETAIL_ERRORS).map((e) => `${e.path}: ${e.message}`).join("; ");
  const more = clipped.length > DETAIL_ERRORS ? ` (and ${clipped.length - DETAIL_ERRORS} more)` : "";
  return new AppError(code, detail ?? `${shown}${more}`, clipped);
}
