// A JSON reply to a request the front serves (lib/api/front.ts), without a WHATWG Response: for a
// string body undici builds a ReadableStream, Headers validated name by name, and the front then
// read it back through arrayBuffer(). With 10,000 long-polls woken at once that was a sixth of the
// wave's CPU, and garbage that outlived the young generation. Next's routes get a real Response.
// Only what routeCore and the front use of a Response: status, headers.set/get/forEach, the text.

/** Set by FrontRequest: the front will write this request's reply itself. */
export const FRONT_REQUEST = Symbol.for("questions.frontRequest");
const FRONT_REPLY = Symbol.for("questions.frontReply");

class ReplyHeaders {
  private readonly map = new Map<string, string>();
  constructor(init: Record<string, string>) {
    for (const k in init) this.map.set(k.toLowerCase(), init[k]!);
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const [k, v] of this.map) fn(v, k);
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
  const all = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers };
  if ((req as unknown as Record<symbol, unknown>)[FRONT_REQUEST] !== true) return new Response(text, { status, headers: all });
  const reply: FrontReply = { [FRONT_REPLY]: true, status, headers: new ReplyHeaders(all), text };
  return reply as unknown as Response;
}
