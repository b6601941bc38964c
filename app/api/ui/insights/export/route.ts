import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { AppError, validationError } from "@openoxide/questions-core/errors";
import { computeInsights } from "@openoxide/questions-core/insights/compute";
import { insightsCsv } from "@openoxide/questions-core/insights/csv";
import { parsePageQuery } from "@openoxide/questions-core/insights/query";
import { insightsScope } from "@openoxide/questions-core/insights/scope";
import { paramsRecord } from "@openoxide/questions-core/questions/history-query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ui/insights/export?team=&from=&to=&agent=&kind= — the page's figures as CSV (a reviewer: their own)
export const GET = uiRoute("reviewer", async ({ url, user }) => {
  const parsed = parsePageQuery(paramsRecord(url.searchParams));
  if (!parsed.ok) throw validationError(parsed.errors, undefined, "invalid_query");
  const scope = insightsScope(user, parsed.query);
  if (!scope) throw new AppError("not_found", `No team ${parsed.query.team} of yours.`);
  const csv = insightsCsv(await computeInsights(scope.where));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="insights-${scope.team.teamSlug}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
