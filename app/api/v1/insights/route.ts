import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { computeInsights } from "@openoxide/questions-core/insights/compute";
import { periodOf } from "@openoxide/questions-core/insights/query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/insights — the team's figures for a period (a `read` token), as on the /insights page
export const GET = apiRoute(ROUTES.getInsights, async ({ principal, query }) => {
  const { from, to, agent, kind } = query();
  return json(await computeInsights({ teamId: principal.teamId, period: periodOf({ from, to }), agent, kind }));
});
