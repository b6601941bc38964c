import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { actorLabel } from "@/lib/auth/principal";
import { rejectRequest } from "@/lib/questions/actions";
import { RejectSchema } from "@/lib/questions/schemas";
import { parseIfMatch } from "@/lib/api/if-match";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/reject — a reviewer declines, with a reason for the agent
export const POST = apiRoute<{ id: string }>(ROUTES.rejectRequest, async ({ req, principal, scope, params }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await readJson(req, RejectSchema);
  return json(await rejectRequest({ scope, id: params.id, reason: value.reason, actor: actorLabel(principal), expectVersion }));
});
