// RFC 9457 problem+json responses and plain JSON responses: as a Reply (status, headers, text),
// which the realtime routes write to node's ServerResponse (lib/http/reply.ts), or as the web
// Response Next's route handlers return.
import { AppError, ERROR_CODES, MAX_LISTED_ERRORS, problemType, type ErrorCode } from "../errors";

export type Reply = { status: number; headers: Record<string, string>; text: string };

export function toResponse(reply: Reply): Response {
  return new Response(reply.text, { status: reply.status, headers: reply.headers });
}

export function jsonReply(data: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }, text: JSON.stringify(data) };
}

export function problemReply(error: AppError, correlationId?: string): Reply {
  const code: ErrorCode = error.code;
  const body = {
    type: problemType(code),
    title: ERROR_CODES[code].title,
    status: error.status,
    ...(error.detail ? { detail: error.detail } : {}),
    ...(correlationId ? { instance: `urn:request:${correlationId}` } : {}),
    ...(error.errors?.length ? { errors: error.errors.slice(0, MAX_LISTED_ERRORS), errorCount: error.errors.length } : {}),
  };
  return {
    status: error.status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...(error.headers ?? {}) },
    text: JSON.stringify(body),
  };
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return toResponse(jsonReply(data, status, headers));
}

export function problem(error: AppError, correlationId?: string): Response {
  return toResponse(problemReply(error, correlationId));
}

/** A reply whose JSON is already text (a long-poll's view, rendered once for all its waiters). */
export function jsonTextReply(text: string, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }, text };
}
