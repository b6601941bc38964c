// GET /api/ui/events — the browser's Server-Sent Events: the events of the user's teams, without
// answers (the inbox shows who resolved a request, not what they answered). Served by the realtime
// layer like /api/v1/events, written straight to the socket as each event is committed (no Next
// response pipeline in between: issue 27 goal 5). A stream lives at most UI_STREAM_MAX_MS; the
// browser reconnects (resuming by Last-Event-ID) and the session is checked again. Membership is
// re-checked while it is open (lib/events/waits.ts).
import { env } from "../../config/env";
import { lastEventId, SSE_HEADERS } from "../../events/http";
import { ResponseSink } from "../../events/sink";
import { EventStream, type Audience } from "../../events/sse";
import { waits } from "../../events/waits";
import { withoutAnswers } from "../../questions/inbox";
import type { QuestionRequest } from "../../questions/schemas";
import { realtimeUiRoute } from "../ui-route";

export const uiEvents = realtimeUiRoute("reviewer", async ({ req, res, url, signal, user, teamIds }) => {
  const teams = new Map(
    user.memberships.filter((m) => teamIds.includes(m.teamId)).map((m) => [m.teamId, { id: m.teamId, slug: m.teamSlug, name: m.teamName }]),
  );
  const audience: Audience = {
    teamIds,
    visible: (row) => teams.has(row.teamId),
    extra: (row, request) => ({ team: teams.get(row.teamId), request: withoutAnswers(request as QuestionRequest) }),
  };
  const from = lastEventId(req, url);
  // The lease ends the stream within ACCESS_RECHECK_MS of the user's removal from one of the teams.
  const lease = waits.forUser(user.id, teamIds, signal);
  const maxAge = setTimeout(() => lease.end(), env().UI_STREAM_MAX_MS);
  const close = () => {
    clearTimeout(maxAge);
    lease.release();
  };
  const stream = new EventStream(audience, from, lease.signal, close);
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  // Started even if the client is gone: the stream then ends at once and releases its lease.
  stream.start(new ResponseSink(res));
  return null;
});
