// /history — resolved requests of the teams where the user is a lead or admin (checked here, on
// the server: a reviewer gets the 403 page and no data).
import type { Metadata } from "next";
import Link from "next/link";
import { ExportLinks } from "@/components/history/export-links";
import { HistoryFilters } from "@/components/history/history-filters";
import { HistoryTable } from "@/components/history/history-table";
import { Pager } from "@/components/history/pager";
import { Alert, buttonClass, EmptyState } from "@/components/ui";
import { requirePageRole } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { historyFacets, listHistory, type HistoryPage } from "@/lib/questions/history";
import { DEFAULT_HISTORY_LIMIT, filtersToParams, paramsRecord, parseHistoryQuery, teamScope, type HistoryQuery } from "@/lib/questions/history-query";

export const metadata: Metadata = { title: "History · OpenOxide Questions" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const EMPTY: HistoryPage = { data: [], nextCursor: null, prevCursor: null };

async function load(teamIds: string[], query: HistoryQuery): Promise<{ page: HistoryPage; error?: string }> {
  try {
    return { page: await listHistory({ teamIds, query }) };
  } catch (e) {
    if (e instanceof AppError && e.code === "invalid_query") return { page: EMPTY, error: "That page link is no longer valid. Showing nothing; go back to the first page." };
    throw e;
  }
}

export default async function HistoryPageView({ searchParams }: Props) {
  const { user, teamIds } = await requirePageRole("lead");
  const raw = paramsRecord(await searchParams);
  const parsed = parseHistoryQuery(raw);
  const query: HistoryQuery = parsed.ok ? parsed.query : { limit: DEFAULT_HISTORY_LIMIT };
  const scoped = teamScope(user.memberships, teamIds, query.team);
  const [{ page, error }, facets] = await Promise.all([parsed.ok ? load(scoped, query) : { page: EMPTY, error: undefined }, historyFacets(teamIds)]);
  const teams = user.memberships.filter((m) => teamIds.includes(m.teamId)).map((m) => ({ slug: m.teamSlug, name: m.teamName, id: m.teamId }));
  const teamNames = Object.fromEntries(teams.map((t) => [t.id, t.name]));
  const filters = filtersToParams(query);
  const limit = query.limit === DEFAULT_HISTORY_LIMIT ? undefined : String(query.limit);
  const link = (cursor: string | null) => (cursor ? `/history?${filtersToParams(query, { limit, cursor })}` : null);
  const filtered = filters.size > 0;
  const values = parsed.ok ? query : raw;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">History</h1>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Decisions on your teams&apos; requests, most recently resolved first.</p>
        </div>
        <ExportLinks query={filters.toString()} />
      </header>

      <HistoryFilters values={values} agents={facets.agents} reviewers={facets.reviewers} teams={teams} />

      {!parsed.ok ? (
        <Alert tone="error">
          Some filters are invalid: {parsed.errors.map((e) => `${e.path} — ${e.message}`).join("; ")}.
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
