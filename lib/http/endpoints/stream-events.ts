// GET /api/v1/events — Server-Sent Events; Last-Event-ID resumes with no gap or duplicate. Written
// straight to the socket (lib/events/sink.ts): the socket's buffer is the stream's queue.
import { ROUTES } from "../../api/routes";
import { hasScope } from "../../auth/principal";
import { lastEventId, SSE_HEADERS } from "../../events/http";
import { ResponseSink } from "../../events/sink";
import { EventStream, tokenAudience } from "../../events/sse";
import { waits } from "../../events/waits";
import { presence } from "../../questions/presence";
import { realtimeRoute } from "../route";

export const streamEvents = realtimeRoute(ROUTES.streamEvents, async ({ req, res, url, signal, principal }) => {
  const from = lastEventId(req, url);
  // The lease counts toward WAITS_PER_TOKEN and ends the stream when the token is revoked.
  const lease = waits.forToken(principal.tokenId, signal);
  let close = lease.release;
  // An agent's open stream is its presence on every pending request it made (lib/questions/presence.ts).
  if (hasScope(principal, "ask")) {
    const { tokenId, teamId } = principal;
    presence.beginStream(tokenId, teamId);
    close = () => {
      lease.release();
      presence.endStream(tokenId);
    };
  }
  const stream = new EventStream(tokenAudience(principal), from, lease.signal, close);
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  // Started even if the client is gone: the stream then ends at once and releases its lease.
  stream.start(new ResponseSink(res));
  return null;
});
