import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { rejectRequest } from "@/lib/questions/actions";
import { parseIfMatch } from "@/lib/api/if-match";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reject — a reviewer declines, with a reason for the agent
export const POST = apiRoute(ROUTES.rejectRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await body();
  return json(await rejectRequest({ scope, id: params.id, reason: value.reason, actor: actorLabel(principal), address, expectVersion }));
});
