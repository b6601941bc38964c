import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { actorLabel } from "@openoxide/questions-core/auth/principal";
import { cancelRequest } from "@openoxide/questions-core/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/cancel — the agent withdraws its request
export const POST = apiRoute(ROUTES.cancelRequest, async ({ principal, own, params, body, address }) => {
  const { value } = await body();
  return json(await cancelRequest({ scope: own, id: params.id, reason: value.reason, actor: actorLabel(principal), address }));
});
