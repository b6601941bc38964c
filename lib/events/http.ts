// The HTTP side of an event stream, shared by the token API's (lib/http/endpoints/stream-events.ts)
// and the browser's (lib/http/endpoints/ui-events.ts).
import { AppError } from "../errors";
import { headerOf, type AnyRequest } from "../http/headers";

/** `Last-Event-ID` header (or `?lastEventId=`, for clients that cannot set headers). */
export function lastEventId(req: AnyRequest, url: URL): number | null {
  const raw = headerOf(req, "last-event-id") ?? url.searchParams.get("lastEventId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AppError("invalid_query", "Last-Event-ID must be an event id.", [{ path: "Last-Event-ID", message: "expected a non-negative integer" }]);
  }
  return Number(raw);
}

export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform and X-Accel-Buffering keep proxies from buffering or compressing the stream
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
});
