import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/errors";
import { eventStream, tokenAudience } from "@/lib/events/sse";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function lastEventId(req: Request, url: URL): number | null {
  const raw = req.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  if (raw === null || raw === "") return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new AppError("invalid_query", "Last-Event-ID must be an event id.", [{ path: "Last-Event-ID", message: "expected a non-negative integer" }]);
  }
  return Number(raw);
}

// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate
export const GET = apiRoute(["ask", "answer", "read"], async ({ req, url, principal }) => {
  const stream = eventStream(tokenAudience(principal), lastEventId(req, url), req.signal);
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
});
