import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { cancelRequest } from "@/lib/questions/actions";
import { CancelSchema } from "@/lib/questions/schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/cancel — the agent withdraws its request
export const POST = apiRoute<{ id: string }>(ROUTES.cancelRequest, async ({ req, principal, own, params }) => {
  const { value } = await readJson(req, CancelSchema);
  return json(await cancelRequest({ scope: own, id: params.id, reason: value.reason, actor: actorLabel(principal) }));
});
