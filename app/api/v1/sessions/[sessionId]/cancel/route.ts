import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { cancelSession } from "@/lib/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/sessions/:sessionId/cancel — cancel every pending request of an interrupted session
export const POST = apiRoute(ROUTES.cancelSession, async ({ principal, own, params, body, address }) => {
  await body();
  const cancelled = await cancelSession({ scope: own, sessionId: params.sessionId, actor: actorLabel(principal), address });
  return json({ cancelled });
});
