// Request bodies: JSON only, 256 KiB at most, parsed by a zod schema (422 with field paths).
import type { z } from "zod";
import { AppError, fieldErrors, formatPath, validationError, type FieldError } from "../errors";
import { headerOf, type AnyRequest } from "../http/headers";

export const MAX_BODY_BYTES = 256 * 1024;
/** Deepest nesting of arrays and objects a body may have; real bodies stay under ten. */
export const MAX_JSON_DEPTH = 64;

// Past the limit we keep reading (and dropping) up to this much, so the connection stays in a
// state where the next keep-alive request can be parsed; beyond it we close the connection.
export const DRAIN_BYTES = 8 * 1024 * 1024;

/** The 413 for a body of `size` bytes (as far as known); past DRAIN_BYTES the connection closes. */
export function tooLarge(size: number): AppError {
  return new AppError("payload_too_large", `The body may be at most ${MAX_BODY_BYTES} bytes.`, undefined, size > DRAIN_BYTES ? { connection: "close" } : undefined);
}

/** The body's chunks: node's stream for a realtime route, the web stream for a Next route. */
async function* chunksOf(req: AnyRequest): AsyncGenerator<Uint8Array> {
  if (!(req instanceof Request)) return yield* req;
  if (!req.body) return;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Left early (too large): stop reading.
    await reader.cancel().catch(() => {});
  }
}

/** The body as text, at most MAX_BODY_BYTES (413 beyond), whatever its type. */
export async function readLimited(req: AnyRequest): Promise<string> {
  const declared = Number(headerOf(req, "content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const value of chunksOf(req)) {
    size += value.byteLength;
    if (size > DRAIN_BYTES) throw tooLarge(size); // leaving the loop stops the stream
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  if (size > MAX_BODY_BYTES) throw tooLarge(size);
  const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  return Buffer.from(all.buffer, all.byteOffset, all.byteLength).toString("utf8");
}

/** Returns the raw parsed JSON (for idempotency hashing) and the validated value. */
export async function readJson<S extends z.ZodType>(req: AnyRequest, schema: S): Promise<{ raw: unknown; value: z.output<S> }> {
  const text = await readLimited(req);
  let raw: unknown = {};
  if (text.trim() !== "") {
    const type = headerOf(req, "content-type") ?? "";
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new AppError("unsupported_media_type", "Send the body as application/json.");
    }
    // Before parsing: a deeply nested body costs JSON.parse and every walk over the value
    // (recursion overflows past a few thousand levels) — refuse it from one pass over the text.
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      throw validationError([{ path: "(body)", message: `nested deeper than ${MAX_JSON_DEPTH} levels` }]);
    }
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError("invalid_json", "The body is not valid JSON.");
    }
  }
  // A lone surrogate (`"\ud800"`) parses as JSON but is no text: no database can store it.
  const illFormed = illFormedStrings(raw);
  if (illFormed.length) throw validationError(illFormed);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  return { raw, value: parsed.data };
}

/**
 * The nesting depth of JSON text (arrays and objects), skipping strings; stops counting once
 * past `stopAbove`. Linear, no allocation; invalid JSON is left to JSON.parse.
 */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max && (max = depth) > stopAbove) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const params: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (params[k] = v));
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error), undefined, "invalid_query");
  return parsed.data;
}

const NOT_TEXT = "contains a lone surrogate (not valid Unicode text)";

/** Every string (value or key) in a parsed JSON value that is not well-formed UTF-16, by path. */
export function illFormedStrings(value: unknown, path: (string | number)[] = [], out: FieldError[] = []): FieldError[] {
  if (typeof value === "string") {
    if (!value.isWellFormed()) out.push({ path: formatPath(path), message: NOT_TEXT });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => illFormedStrings(v, [...path, i], out));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (!k.isWellFormed()) out.push({ path: formatPath([...path, k.toWellFormed()]), message: `key ${NOT_TEXT}` });
      else illFormedStrings(v, [...path, k], out);
    }
  }
  return out;
}
