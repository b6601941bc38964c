// Decision history: resolved requests of several teams, newest resolution first.
// Ordered by (resolvedAt desc, id desc) rather than by id: a request may wait days before it is
// resolved, and leads read history as "what was decided lately". The keyset cursor carries both
// values, so decisions made while someone pages only ever land before page one, never shift a page.
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../cursor";
import { searchKey } from "./search-text";
import { db } from "../db/client";
import { dateBounds, type HistoryFilters, type HistoryQuery } from "./history-query";
import type { QuestionRequest } from "./schemas";
import { SECRET_META, toView, type SecretMeta } from "./view";

/** A secret's metadata as the UI shows it ("provided by X at T, claimed at T2"); never its value. */
export type SecretLine = { questionId: string; providedBy: string; providedAt: string; claimedAt: string | null; purgedAt: string | null };
export type HistoryItem = { request: QuestionRequest; teamId: string; secrets: SecretLine[] };
export type HistoryPage = { data: HistoryItem[]; nextCursor: string | null; prevCursor: string | null };

const CursorSchema = z.object({ t: z.iso.datetime(), id: z.string(), d: z.enum(["next", "prev"]) });
type Cursor = z.output<typeof CursorSchema>;

export const decodeHistoryCursor = (raw: string): Cursor => decodeCursor(raw, CursorSchema);

export function secretLines(secrets: SecretMeta[]): SecretLine[] {
  return secrets.map((s) => ({
    questionId: s.questionId,
    providedBy: s.providedBy,
    providedAt: s.createdAt.toISOString(),
    claimedAt: s.claimedAt?.toISOString() ?? null,
    purgedAt: s.purgedAt?.toISOString() ?? null,
  }));
}

function filterWhere(teamIds: string[], f: HistoryFilters) {
  const range = dateBounds(f);
  return {
    teamId: { in: teamIds },
    status: f.status ? f.status : { not: "pending" },
    ...(f.agent ? { agentName: f.agent } : {}),
    ...(f.reviewer ? { resolvedBy: f.reviewer } : {}),
    ...(f.q ? { searchText: { contains: searchKey(f.q) } } : {}),
    // Every terminal row has resolvedAt; the bound also keeps the keyset comparison total.
    resolvedAt: { not: null, ...range },
  };
}

function keyset(c: Cursor) {
  const t = new Date(c.t);
  if (c.d === "next") return { OR: [{ resolvedAt: { lt: t } }, { resolvedAt: t, id: { lt: c.id } }] };
  return { OR: [{ resolvedAt: { gt: t } }, { resolvedAt: t, id: { gt: c.id } }] };
}

async function fetchRows(teamIds: string[], f: HistoryFilters, take: number, cursor: Cursor | null) {
  const dir = cursor?.d === "prev" ? "asc" : "desc";
  const rows = await db().questionRequest.findMany({
    where: { AND: [filterWhere(teamIds, f), ...(cursor ? [keyset(cursor)] : [])] },
    orderBy: [{ resolvedAt: dir }, { id: dir }],
    take,
    include: { secrets: { select: SECRET_META } },
  });
  return dir === "asc" ? rows.reverse() : rows;
}

type Row = Awaited<ReturnType<typeof fetchRows>>[number];

function toItem(r: Row): HistoryItem {
  return { request: toView(r, r.secrets), teamId: r.teamId, secrets: secretLines(r.secrets) };
}

const cursorOf = (r: Row, d: Cursor["d"]) => encodeCursor({ t: r.resolvedAt!.toISOString(), id: r.id, d });

/** One page. `teamIds` must already be the caller's permitted teams (lead or admin). */
export async function listHistory(opts: { teamIds: string[]; query: HistoryQuery }): Promise<HistoryPage> {
  const { teamIds, query } = opts;
  if (!teamIds.length) return { data: [], nextCursor: null, prevCursor: null };
  const cursor = query.cursor ? decodeHistoryCursor(query.cursor) : null;
  const rows = await fetchRows(teamIds, query, query.limit + 1, cursor);
  if (cursor?.d === "prev") {
    // Rows came newest-first after the reverse; the extra one (if any) is the newest.
    const more = rows.length > query.limit;
    // Back at the top: serve the real first page so page boundaries match a fresh visit.
    if (!more) return listHistory({ teamIds, query: { ...query, cursor: undefined } });
    const page = rows.slice(1);
    return { data: page.map(toItem), nextCursor: cursorOf(page.at(-1)!, "next"), prevCursor: cursorOf(page[0], "prev") };
  }
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    data: page.map(toItem),
    nextCursor: more ? cursorOf(page.at(-1)!, "next") : null,
    prevCursor: cursor && page.length ? cursorOf(page[0], "prev") : null,
  };
}

/** Every matching item, newest first, in batches (for exports); stops after `max`. */
export async function* iterateHistory(opts: { teamIds: string[]; filters: HistoryFilters; max: number; batch?: number }): AsyncGenerator<HistoryItem> {
  const batch = opts.batch ?? 500;
  let cursor: Cursor | null = null;
  let sent = 0;
  while (opts.teamIds.length && sent < opts.max) {
    const rows = await fetchRows(opts.teamIds, opts.filters, Math.min(batch, opts.max - sent), cursor);
    for (const r of rows) yield toItem(r);
    sent += rows.length;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { t: last.resolvedAt!.toISOString(), id: last.id, d: "next" };
  }
}

/** One resolved request of the permitted teams, or null (unknown, pending, or another team's). */
export async function getHistoryItem(opts: { teamIds: string[]; id: string }): Promise<HistoryItem | null> {
  if (!opts.teamIds.length) return null;
  const row = await db().questionRequest.findFirst({
    where: { id: opts.id, teamId: { in: opts.teamIds }, status: { not: "pending" } },
    include: { secrets: { select: SECRET_META } },
  });
  return row ? toItem(row) : null;
}

/** Recent distinct agents and reviewers, as suggestions for the filter inputs. */
export async function historyFacets(teamIds: string[]): Promise<{ agents: string[]; reviewers: string[] }> {
  if (!teamIds.length) return { agents: [], reviewers: [] };
  const rows = await db().questionRequest.findMany({
    where: { teamId: { in: teamIds }, status: { not: "pending" } },
    orderBy: { id: "desc" },
    take: 500,
    select: { agentName: true, resolvedBy: true },
  });
  const sorted = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort((a, b) => a.localeCompare(b));
  return { agents: sorted(rows.map((r) => r.agentName)), reviewers: sorted(rows.map((r) => r.resolvedBy)) };
}
