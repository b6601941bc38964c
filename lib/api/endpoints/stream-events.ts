// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate.
// Served by the front (lib/api/front.ts, straight to the socket) and, the same code, by the Next
// route file (as a ReadableStream).
import { ROUTES } from "../routes";
import { apiRoute } from "../handler";
import { lastEventId, sseResponse } from "../../events/http";
import { EventStream, tokenAudience } from "../../events/sse";
import { waits } from "../../events/waits";
import { hasScope } from "../../auth/principal";
import { presence } from "../../questions/presence";

export const streamEvents = apiRoute(ROUTES.streamEvents, async ({ req, url, principal }) => {
  const from = lastEventId(req, url);
  // The lease counts toward WAITS_PER_TOKEN and ends the stream when the token is revoked.
  const lease = waits.forToken(principal.tokenId, req.signal);
  // An agent's open stream is its presence on every pending request it made (lib/questions/presence.ts).
  if (!hasScope(principal, "ask")) return sseResponse(req, new EventStream(tokenAudience(principal), from, lease.signal, lease.release));
  const { tokenId, teamId } = principal;
  presence.beginStream(tokenId, teamId);
  const close = () => {
    lease.release();
    presence.endStream(tokenId);
  };
  return sseResponse(req, new EventStream(tokenAudience(principal), from, lease.signal, close));
});
