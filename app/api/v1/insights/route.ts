import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { computeInsights } from "@/lib/insights/compute";
import { periodOf } from "@/lib/insights/query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/insights — the team's figures for a period (a `read` token), as on the /insights page
export const GET = apiRoute(ROUTES.getInsights, async ({ principal, query }) => {
  const { from, to, agent, kind } = query();
  return json(await computeInsights({ teamId: principal.teamId, period: periodOf({ from, to }), agent, kind }));
});
