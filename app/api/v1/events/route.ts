import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { lastEventId, sseResponse } from "@/lib/events/http";
import { eventStream, tokenAudience } from "@/lib/events/sse";
import { waits } from "@/lib/events/waits";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate
export const GET = apiRoute(ROUTES.streamEvents, async ({ req, url, principal }) => {
  const from = lastEventId(req, url);
  // The lease counts toward WAITS_PER_TOKEN and ends the stream when the token is revoked.
  const lease = waits.forToken(principal.tokenId, req.signal);
  return sseResponse(eventStream(tokenAudience(principal), from, lease.signal, lease.release));
});
