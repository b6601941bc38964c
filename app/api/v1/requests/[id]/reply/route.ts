import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { actorLabel } from "@openoxide/questions-core/auth/principal";
import { parseIfMatch } from "@openoxide/questions-core/api/if-match";
import { replyToRequest } from "@openoxide/questions-core/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reply — answer every question (or confirm the unanswered ones)
export const POST = apiRoute(ROUTES.replyToRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await body();
  const request = await replyToRequest({ scope, id: params.id, reply: value, actor: actorLabel(principal), address, expectVersion });
  return json(request);
});
