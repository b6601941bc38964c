import { readJson } from "@/lib/api/body";
import { parseIfMatch } from "@/lib/api/if-match";
import { json } from "@/lib/api/problem";
import { uiRoute } from "@/lib/auth/ui-route";
import { rejectRequest } from "@/lib/questions/actions";
import { RejectSchema } from "@/lib/questions/schemas";
import { outcome, requireTeamOf } from "@/lib/questions/inbox";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/ui/requests/:id/reject — a reviewer declines, with a reason for the agent
export const POST = uiRoute<{ id: string }>("reviewer", async ({ req, user, teamIds, params, address }) => {
  const expectVersion = parseIfMatch(req.headers.get("if-match"));
  const { value } = await readJson(req, RejectSchema);
  const teamId = await requireTeamOf(teamIds, params.id);
  const request = await rejectRequest({ scope: { teamId }, id: params.id, reason: value.reason, actor: user.email, address, expectVersion });
  return json(outcome(request));
});
