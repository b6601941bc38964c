import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { env } from "@openoxide/questions-core/config/env";
import { lastEventId, sseResponse } from "@openoxide/questions-core/events/http";
import { hub } from "@openoxide/questions-core/events/hub";
import { EventStream, type Audience } from "@openoxide/questions-core/events/sse";
import { waits } from "@openoxide/questions-core/events/waits";
import { withoutAnswers } from "@openoxide/questions-core/questions/inbox";
import type { QuestionRequest } from "@openoxide/questions-core/questions/schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A stream lives at most UI_STREAM_MAX_MS; the browser reconnects (resuming by Last-Event-ID) and
// the session is checked again. Membership is re-checked while it is open (lib/events/waits.ts).
// GET /api/ui/events — Server-Sent Events for the browser: the events of the user's teams
export const GET = uiRoute("reviewer", async ({ req, url, user, teamIds }) => {
  await hub.ready();
  const teams = new Map(
    user.memberships.filter((m) => teamIds.includes(m.teamId)).map((m) => [m.teamId, { id: m.teamId, slug: m.teamSlug, name: m.teamName }]),
  );
  const audience: Audience = {
    teamIds,
    visible: (row) => teams.has(row.teamId),
    extra: (row) => ({ team: teams.get(row.teamId), request: withoutAnswers(JSON.parse(row.payload) as QuestionRequest) }),
  };
  const from = lastEventId(req, url);
  // The lease ends the stream within ACCESS_RECHECK_MS of the user's removal from one of the teams.
  const lease = waits.forUser(user.id, teamIds, req.signal);
  const maxAge = setTimeout(() => lease.end(), env().UI_STREAM_MAX_MS);
  const close = () => {
    clearTimeout(maxAge);
    lease.release();
  };
  return sseResponse(new EventStream(audience, from, lease.signal, close));
});
