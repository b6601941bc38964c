// The HTTP side of an event stream, shared by the token API and the browser routes.
import { AppError } from "../errors";

/** `Last-Event-ID` header (or `?lastEventId=`, for clients that cannot set headers). */
export function lastEventId(req: Request, url: URL): number | null {
  const raw = req.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AppError("invalid_query", "Last-Event-ID must be an event id.", [{ path: "Last-Event-ID", message: "expected a non-negative integer" }]);
  }
  return Number(raw);
}

export function sseResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform and X-Accel-Buffering keep proxies from buffering or compressing the stream
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
