import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { lastEventId, sseResponse } from "@/lib/events/http";
import { eventStream, tokenAudience } from "@/lib/events/sse";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate
export const GET = apiRoute(ROUTES.streamEvents, async ({ req, url, principal }) => {
  const stream = eventStream(tokenAudience(principal), lastEventId(req, url), req.signal);
  return sseResponse(stream);
});
