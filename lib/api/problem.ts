// RFC 9457 problem+json responses and plain JSON responses.
import { AppError, ERROR_CODES, MAX_LISTED_ERRORS, problemType, type ErrorCode } from "../errors";

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function problem(error: AppError, correlationId?: string): Response {
  const code: ErrorCode = error.code;
  const body = {
    type: problemType(code),
    title: ERROR_CODES[code].title,
    status: error.status,
    ...(error.detail ? { detail: error.detail } : {}),
    ...(correlationId ? { instance: `urn:request:${correlationId}` } : {}),
    ...(error.errors?.length ? { errors: error.errors.slice(0, MAX_LISTED_ERRORS), errorCount: error.errors.length } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...(error.headers ?? {}) },
  });
}
