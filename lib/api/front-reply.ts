// A JSON reply to a request the front serves (lib/api/front.ts), without a WHATWG Response: for a
// string body undici builds a ReadableStream, Headers validated name by name, and the front then
// read it back through arrayBuffer(). With 10,000 long-polls woken at once that was a sixth of the
// wave's CPU, and garbage that outlived the young generation. Next's routes get a real Response.
// Only what routeCore and the front use of a Response: status, headers.set/get/forEach, the text.

/** Set by FrontRequest: the front will write this request's reply itself. */
export const FRONT_REQUEST = Symbol.for("questions.frontRequest");
const FRONT_REPLY = Symbol.for("questions.frontReply");

/** Lower-case names to values, in a plain object the front hands to writeHead as it is. */
class ReplyHeaders {
  readonly record: Record<string, string>;
  constructor(init: Record<string, string>) {
    this.record = init;
  }
  get(name: string): string | null {
    return this.record[name.toLowerCase()] ?? null;
  }
  set(name: string, value: string): void {
    this.record[name.toLowerCase()] = value;
  }
  has(name: string): boolean {
    return this.record[name.toLowerCase()] !== undefined;
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const k in this.record) fn(this.record[k]!, k);
  }
  getSetCookie(): string[] {
    return [];
  }
}

export type FrontReply = { readonly [FRONT_REPLY]: true; readonly status: number; readonly headers: ReplyHeaders; readonly text: string };

export function isFrontReply(r: unknown): r is FrontReply {
  return typeof r === "object" && r !== null && (r as Record<symbol, unknown>)[FRONT_REPLY] === true;
}

/**
 * `text` (already JSON) as the reply: a FrontReply when the front serves `req`, a Response
 * otherwise. Same status, headers and bytes either way (tests/api/front.test.ts compares).
 */
export function jsonText(req: Request, text: string, status = 200, headers: Record<string, string> = {}): Response {
  const all: Record<string, string> = Object.create(null);
  all["content-type"] = "application/json; charset=utf-8";
  all["cache-control"] = "no-store";
  for (const k in headers) all[k.toLowerCase()] = headers[k]!;
  if ((req as unknown as Record<symbol, unknown>)[FRONT_REQUEST] !== true) return new Response(text, { status, headers: all });
  const reply: FrontReply = { [FRONT_REPLY]: true, status, headers: new ReplyHeaders(all), text };
  return reply as unknown as Response;
}
