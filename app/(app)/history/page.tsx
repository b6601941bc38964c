// /history — resolved requests: every decision of the teams where the user is lead or admin, and
// the decisions they made themselves where they are a reviewer (scoped here, on the server).
import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { ExportLinks } from "@/components/history/export-links";
import { HistoryFilters } from "@/components/history/history-filters";
import { HistoryTable } from "@/components/history/history-table";
import { ruleRefs } from "@openoxide/questions-core/rules/names";
import { Pager } from "@/components/history/pager";
import { Alert, buttonClass, EmptyState } from "@/components/ui";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { AppError } from "@openoxide/questions-core/errors";
import { historyFacets, historyScopeFor, isEmpty, listHistory, type HistoryPage, type HistoryScope } from "@openoxide/questions-core/questions/history";
import { DEFAULT_HISTORY_LIMIT, filtersToParams, paramsRecord, parseHistoryQuery, type HistoryQuery } from "@openoxide/questions-core/questions/history-query";

export const metadata: Metadata = { title: "History · OpenOxide Questions" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const EMPTY: HistoryPage = { data: [], nextCursor: null, prevCursor: null };

async function load(scope: HistoryScope, query: HistoryQuery): Promise<{ page: HistoryPage; error?: string }> {
  try {
    return { page: await listHistory({ ...scope, query }) };
  } catch (e) {
    if (e instanceof AppError && e.code === "invalid_query") return { page: EMPTY, error: "That page link is no longer valid. Showing nothing; go back to the first page." };
    throw e;
  }
}

export default async function HistoryPageView({ searchParams }: Props) {
  const user = await requireUser();
  const all = historyScopeFor(user);
  if (isEmpty(all)) forbidden();
  const lead = all.teamIds.length > 0;
  const raw = paramsRecord(await searchParams);
  const parsed = parseHistoryQuery(raw);
  const query: HistoryQuery = parsed.ok ? parsed.query : { limit: DEFAULT_HISTORY_LIMIT };
  const scoped = historyScopeFor(user, query.team);
  const [{ page, error }, facets] = await Promise.all([parsed.ok ? load(scoped, query) : { page: EMPTY, error: undefined }, historyFacets(all)]);
  const rules = await ruleRefs(facets.reviewers);
  const reviewerNames = Object.fromEntries([...rules].map(([by, rule]) => [by, `Rule: ${rule.name}`]));
  const teams = user.memberships.map((m) => ({ slug: m.teamSlug, name: m.teamName, id: m.teamId }));
  const teamNames = Object.fromEntries(teams.map((t) => [t.id, t.name]));
  const filters = filtersToParams(query);
  const limit = query.limit === DEFAULT_HISTORY_LIMIT ? undefined : String(query.limit);
  const link = (cursor: string | null) => (cursor ? `/history?${filtersToParams(query, { limit, cursor })}` : null);
  const filtered = filters.size > 0;
  const values = parsed.ok ? query : raw;
  const ownOnly = !lead;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">History</h1>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            {ownOnly
              ? "The decisions you made, most recently resolved first. Leads see every decision of a team."
              : all.own
                ? "Decisions on your teams' requests (where you are a reviewer: the ones you made), most recently resolved first."
                : "Decisions on your teams' requests, most recently resolved first."}
          </p>
        </div>
        {lead ? <ExportLinks query={filters.toString()} /> : null}
      </header>

      {/* Keyed by the URL: a select keeps its DOM value across client navigation (e.g. "Clear") otherwise. */}
      <HistoryFilters key={new URLSearchParams(raw).toString()} values={values} agents={facets.agents} reviewers={facets.reviewers} reviewerNames={reviewerNames} teams={teams} />

      {!parsed.ok ? (
        <Alert tone="error">
          {parsed.errors.length === 1 && parsed.errors[0]!.path === "from" && values.from && values.to ? (
            <>
              The dates are the wrong way round: {parsed.errors[0]!.message}.{" "}
              <Link className="font-medium underline" href={`/history?${new URLSearchParams({ ...raw, from: values.to, to: values.from })}`}>
                Swap the dates
              </Link>
            </>
          ) : (
            <>Some filters are invalid: {parsed.errors.map((e) => `${e.path} — ${e.message}`).join("; ")}.</>
          )}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}

      {page.data.length ? (
        <>
          <HistoryTable items={page.data} teamNames={teamNames} showTeam={teams.length > 1} />
          <Pager newer={link(page.prevCursor)} older={link(page.nextCursor)} label={`${page.data.length} shown`} />
        </>
      ) : parsed.ok && !error ? (
        <EmptyState
          title={filtered ? "No decisions match these filters" : "No decisions yet"}
          description={
            filtered
              ? "Try a wider date range or fewer filters."
              : ownOnly
                ? "Requests you answer or reject appear here once they are resolved."
                : "Requests appear here once they are answered, rejected, cancelled or expire."
          }
          action={
            filtered ? (
              <Link href="/history" className={buttonClass("secondary", "sm")}>
                Clear filters
              </Link>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}
