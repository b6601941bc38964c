import { uiRoute } from "@/lib/auth/ui-route";
import { env } from "@/lib/config/env";
import { lastEventId, sseResponse } from "@/lib/events/http";
import { hub } from "@/lib/events/hub";
import { eventStream, type Audience } from "@/lib/events/sse";
import { withoutAnswers } from "@/lib/questions/inbox";
import type { QuestionRequest } from "@/lib/questions/schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// A stream lives at most this long; the browser reconnects (resuming by Last-Event-ID) and the
// session and memberships are checked again, so a removed member stops receiving within minutes.

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
  const signal = AbortSignal.any([req.signal, AbortSignal.timeout(env().UI_STREAM_MAX_MS)]);
  return sseResponse(eventStream(audience, lastEventId(req, url), signal));
});
