// GET /api/ui/settings/teams/:teamId/audit?cursor= — the team's audit trail, newest first (leads, admins).
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { listAudit } from "@openoxide/questions-core/audit/list";
import { requireTeamLead } from "@openoxide/questions-core/settings/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = uiRoute<{ teamId: string }>("lead", async ({ url, user, params }) => {
  const { teamId } = requireTeamLead(user, params.teamId);
  return json(await listAudit(teamId, { cursor: url.searchParams.get("cursor") ?? undefined }));
});
