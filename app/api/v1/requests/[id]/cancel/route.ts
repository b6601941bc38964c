import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { cancelRequest } from "@/lib/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/cancel — the agent withdraws its request
export const POST = apiRoute(ROUTES.cancelRequest, async ({ principal, own, params, body, address }) => {
  const { value } = await body();
  return json(await cancelRequest({ scope: own, id: params.id, reason: value.reason, actor: actorLabel(principal), address }));
});
