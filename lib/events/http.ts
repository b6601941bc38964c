// The HTTP side of an event stream, shared by the token API and the browser routes.
import { AppError } from "../errors";
import type { EventStream } from "./sse";

/** `Last-Event-ID` header (or `?lastEventId=`, for clients that cannot set headers). */
export function lastEventId(req: Request, url: URL): number | null {
  const raw = req.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AppError("invalid_query", "Last-Event-ID must be an event id.", [{ path: "Last-Event-ID", message: "expected a non-negative integer" }]);
  }
  return Number(raw);
}

/**
 * The front sets this on its requests (lib/api/front.ts): their streams are handed to it unstarted,
 * on the response (directStream), and it starts them on the socket. Symbol.for: two bundles.
 */
export const DIRECT_SSE = Symbol.for("questions.directSse");
const STREAM = Symbol.for("questions.eventStream");

type Direct = { [DIRECT_SSE]?: true };
type Carrier = Response & { [STREAM]?: EventStream };

export function sseResponse(req: Request, stream: EventStream): Response {
  const direct = (req as Direct)[DIRECT_SSE] === true;
  const res: Carrier = new Response(direct ? null : stream.readable(), {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform and X-Accel-Buffering keep proxies from buffering or compressing the stream
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
  if (direct) res[STREAM] = stream;
  return res;
}

/** The unstarted stream a front request's response carries (null: an ordinary response). */
export function directStream(res: Response): EventStream | null {
  return (res as Carrier)[STREAM] ?? null;
}
