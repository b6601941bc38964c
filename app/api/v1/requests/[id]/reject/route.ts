import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { actorLabel } from "@openoxide/questions-core/auth/principal";
import { rejectRequest } from "@openoxide/questions-core/questions/actions";
import { parseIfMatch } from "@openoxide/questions-core/api/if-match";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reject — a reviewer declines, with a reason for the agent
export const POST = apiRoute(ROUTES.rejectRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await body();
  return json(await rejectRequest({ scope, id: params.id, reason: value.reason, actor: actorLabel(principal), address, expectVersion }));
});
