// A request as either side of the one path per route sees it: Next's route handlers get a web
// Request, the realtime routes (lib/http/realtime.ts) node's IncomingMessage. Helpers that only
// read a header or the body take either, each in its own native type.
import type { IncomingMessage } from "node:http";

export type AnyRequest = Request | IncomingMessage;

/** One header's value (node joins repeated ones the way Headers.get does, with ", "). */
export function headerOf(req: AnyRequest, name: string): string | null {
  if (req instanceof Request) return req.headers.get(name);
  const v = req.headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? v.join(", ") : v;
}
