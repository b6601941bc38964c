import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { actorLabel } from "@openoxide/questions-core/auth/principal";
import { cancelSession } from "@openoxide/questions-core/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/sessions/:sessionId/cancel — cancel every pending request of an interrupted session
export const POST = apiRoute(ROUTES.cancelSession, async ({ principal, own, params, body, address }) => {
  await body();
  const cancelled = await cancelSession({ scope: own, sessionId: params.sessionId, actor: actorLabel(principal), address });
  return json({ cancelled });
});
