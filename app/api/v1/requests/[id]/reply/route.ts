import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { parseIfMatch } from "@/lib/api/if-match";
import { replyToRequest } from "@/lib/questions/actions";
import { ReplySchema } from "@/lib/questions/schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reply — answer every question (or confirm the unanswered ones)
export const POST = apiRoute<{ id: string }>(ROUTES.replyToRequest, async ({ req, principal, scope, params }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await readJson(req, ReplySchema);
  const request = await replyToRequest({ scope, id: params.id, reply: value, actor: actorLabel(principal), expectVersion });
  return json(request);
});
