// RFC 9457 problem+json responses and plain JSON responses.
import { AppError, ERROR_CODES, MAX_LISTED_ERRORS, problemType, type ErrorCode } from "../errors";

// The text each response was made from, so the front (lib/api/front.ts) can send it as it is
// instead of reading it back through the Response's web stream. On globalThis: the front and the
// route bundles each load this module.
const g = globalThis as unknown as { __questionsBodies?: WeakMap<Response, string> };
const bodies = (g.__questionsBodies ??= new WeakMap<Response, string>());

function respond(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  bodies.set(response, text);
  return response;
}

/** The body text a json() or problem() response was made with (undefined for any other). */
export function bodyText(response: Response): string | undefined {
  return bodies.get(response);
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return respond(JSON.stringify(data), {
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
  return respond(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...(error.headers ?? {}) },
  });
}
