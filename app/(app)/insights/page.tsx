// /insights — how fast a team's requests get answered, by whom, and where agents get stuck: every
// figure computed in the database (lib/insights). Leads and admins see their team's; a reviewer
// sees the decisions they made themselves.
import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { OutcomesChart, TimeToAnswerChart } from "@/components/insights/charts";
import { InsightsFilters } from "@/components/insights/filters";
import { duration } from "@/components/insights/format";
import { AgentsTable, RecurringTable, ReviewersTable } from "@/components/insights/tables";
import { Alert, buttonClass, Card, CardBody } from "@/components/ui";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { computeInsights } from "@openoxide/questions-core/insights/compute";
import { parsePageQuery } from "@openoxide/questions-core/insights/query";
import { insightsScope } from "@openoxide/questions-core/insights/scope";
import { historyFacets } from "@openoxide/questions-core/questions/history";
import { paramsRecord } from "@openoxide/questions-core/questions/history-query";

export const metadata: Metadata = { title: "Insights · OpenOxide Questions" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardBody>
        <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
        <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
        {hint ? <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
      </CardBody>
    </Card>
  );
}

export default async function InsightsPage({ searchParams }: Props) {
  const user = await requireUser();
  if (!user.memberships.length) forbidden();
  const raw = paramsRecord(await searchParams);
  const parsed = parsePageQuery(raw);
  const query = parsed.ok ? parsed.query : {};
  const scope = insightsScope(user, query) ?? insightsScope(user, {});
  if (!scope) forbidden();
  const [figures, facets] = await Promise.all([
    computeInsights(scope.where),
    historyFacets(scope.ownOnly ? { teamIds: [], own: { teamIds: [scope.team.teamId], actor: user.email } } : { teamIds: [scope.team.teamId] }),
  ]);
  const teams = user.memberships.map((m) => ({ slug: m.teamSlug, name: m.teamName }));
  const shown = new URLSearchParams({ team: scope.team.teamSlug, ...(parsed.ok ? Object.fromEntries(Object.entries(query).filter(([, v]) => v)) : {}) });
  const lastDay = new Date(Date.parse(figures.period.to) - 1).toISOString().slice(0, 10);
  const c = figures.counts;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Insights</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {scope.ownOnly ? "Your own decisions" : `Every request of ${scope.team.teamName}`}, resolved {figures.period.from.slice(0, 10)} to {lastDay} (UTC).
            {scope.ownOnly ? " Leads see the whole team." : ""}
          </p>
        </div>
        <a href={`/api/ui/insights/export?${shown}`} className={buttonClass("secondary", "sm")} download>
          Export CSV
        </a>
      </header>

      <InsightsFilters key={new URLSearchParams(raw).toString()} values={{ ...(parsed.ok ? query : raw), team: scope.team.teamSlug }} agents={facets.agents} teams={teams} />
      {!parsed.ok ? <Alert tone="error">Some filters are invalid: {parsed.errors.map((e) => `${e.path} — ${e.message}`).join("; ")}. Showing the last 30 days.</Alert> : null}

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Median time to answer" value={duration(figures.timeToAnswer.medianSeconds)} hint={`90th percentile ${duration(figures.timeToAnswer.p90Seconds)} · ${figures.timeToAnswer.answered} answers`} />
        <Stat label="Open now" value={String(figures.open.count)} hint={figures.open.oldestSeconds === null ? "Nothing waiting" : `Oldest waiting ${duration(figures.open.oldestSeconds)}`} />
        <Stat label="Time agents waited on people" value={duration(figures.waitingSeconds)} hint="In total, for the requests resolved in the period" />
        <Stat label="Resolved" value={String(c.total)} hint={`${c.answered} answered · ${c.decidedByRule} by rule · ${c.rejected} rejected · ${c.cancelled} cancelled · ${c.expired} expired`} />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardBody>
            <TimeToAnswerChart days={figures.byDay} />
          </CardBody>
        </Card>
        <Card>
          <CardBody>
            <OutcomesChart days={figures.byDay} />
          </CardBody>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <AgentsTable rows={figures.byAgent} />
        <ReviewersTable rows={figures.byReviewer} />
      </div>
      <RecurringTable rows={figures.recurring} ruleTeam={scope.ownOnly ? null : scope.team.teamSlug} />
    </div>
  );
}
