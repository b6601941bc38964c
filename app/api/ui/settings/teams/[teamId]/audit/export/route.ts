// GET /api/ui/settings/teams/:teamId/audit/export — the whole trail as CSV, oldest first (leads, admins).
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { auditCsvStream } from "@openoxide/questions-core/audit/list";
import { requireTeamLead } from "@openoxide/questions-core/settings/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = uiRoute<{ teamId: string }>("lead", async ({ user, params }) => {
  const { teamId, teamSlug } = requireTeamLead(user, params.teamId);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(teamId), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-${teamSlug}-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
