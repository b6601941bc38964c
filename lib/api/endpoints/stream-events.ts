// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate.
// Served by the front (lib/api/front.ts) and, the same code, by the Next route file.
import { ROUTES } from "../routes";
import { apiRoute } from "../handler";
import { lastEventId, sseResponse } from "../../events/http";
import { eventStream, tokenAudience } from "../../events/sse";
import { waits } from "../../events/waits";

export const streamEvents = apiRoute(ROUTES.streamEvents, async ({ req, url, principal }) => {
  const from = lastEventId(req, url);
  // The lease counts toward WAITS_PER_TOKEN and ends the stream when the token is revoked.
  const lease = waits.forToken(principal.tokenId, req.signal);
  return sseResponse(eventStream(tokenAudience(principal), from, lease.signal, lease.release));
});
