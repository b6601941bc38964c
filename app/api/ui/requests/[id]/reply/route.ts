import { readJson } from "@openoxide/questions-core/api/body";
import { parseIfMatch } from "@openoxide/questions-core/api/if-match";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { replyToRequest } from "@openoxide/questions-core/questions/actions";
import { ReplySchema } from "@openoxide/questions-core/questions/schemas";
import { outcome, requireTeamOf } from "@openoxide/questions-core/questions/inbox";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/ui/requests/:id/reply — a reviewer answers; If-Match carries the version they saw
export const POST = uiRoute<{ id: string }>("reviewer", async ({ req, user, teamIds, params, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await readJson(req, ReplySchema);
  const teamId = await requireTeamOf(teamIds, params.id);
  const request = await replyToRequest({ scope: { teamId }, id: params.id, reply: value, actor: user.email, address, expectVersion });
  return json(outcome(request));
});
