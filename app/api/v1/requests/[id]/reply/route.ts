import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { parseIfMatch } from "@/lib/api/if-match";
import { replyToRequest } from "@/lib/questions/actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reply — answer every question (or confirm the unanswered ones)
export const POST = apiRoute(ROUTES.replyToRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await body();
  const request = await replyToRequest({ scope, id: params.id, reply: value, actor: actorLabel(principal), address, expectVersion });
  return json(request);
});
