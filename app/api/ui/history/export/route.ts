import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { AppError } from "@openoxide/questions-core/errors";
import { exportStream } from "@openoxide/questions-core/questions/history-export";
import { paramsRecord, parseExportQuery, teamScope } from "@openoxide/questions-core/questions/history-query";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ui/history/export?format=csv|json&… — the filtered history as a download (leads, admins)
export const GET = uiRoute("lead", async ({ url, user, teamIds }) => {
  const { format, team, ...filters } = parseExportQuery(paramsRecord(url.searchParams));
  const scoped = teamScope(user.memberships, teamIds, team);
  if (!scoped.length) throw new AppError("not_found", `No team ${team} you may read.`);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(exportStream({ teamIds: scoped, filters, format }), {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="history-${stamp}.${format}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
