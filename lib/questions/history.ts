// Decision history: resolved requests of several teams, newest resolution first.
// Ordered by (resolvedAt desc, id desc) rather than by id: a request may wait days before it is
// resolved, and leads read history as "what was decided lately". The keyset cursor carries both
// values, so decisions made while someone pages only ever land before page one, never shift a page.
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../cursor";
import { searchWhere } from "./search-index";
import { atLeast, type Role } from "../auth/roles";
import { db } from "../db/client";
import { dateBounds, type HistoryFilters, type HistoryQuery } from "./history-query";
import type { QuestionRequest } from "./schemas";
import { SECRET_META, toView, type SecretMeta } from "./view";
import { ruleRefs, type RuleRef } from "../rules/names";

/** A secret's metadata as the UI shows it ("provided by X at T, claimed at T2"); never its value. */
export type SecretLine = { questionId: string; providedBy: string; providedAt: string; claimedAt: string | null; purgedAt: string | null };
/** `rule`: the rule that decided it (by name), when `resolvedBy` is `rule:<id>`. */
export type HistoryItem = { request: QuestionRequest; teamId: string; secrets: SecretLine[]; rule: RuleRef | null };
export type HistoryPage = { data: HistoryItem[]; nextCursor: string | null; prevCursor: string | null };

const CursorSchema = z.object({ t: z.iso.datetime(), id: z.string(), d: z.enum(["next", "prev"]) });
type Cursor = z.output<typeof CursorSchema>;

export const decodeHistoryCursor = (raw: string): Cursor => decodeCursor(raw, CursorSchema);

/**
 * Whose decisions a caller may read: every one of `teamIds` (leads, admins) and, in `own.teamIds`
 * (teams where the caller is only a reviewer), the ones `own.actor` made themselves.
 */
export type HistoryScope = { teamIds: string[]; own?: { teamIds: string[]; actor: string } };

/**
 * The scope of a signed-in person: full history where they are lead or admin, their own decisions
 * where they are a reviewer (a browser reply records their email as `resolvedBy`). Narrowed to one
 * team when `teamSlug` names one of theirs.
 */
export function historyScopeFor(user: { email: string; memberships: { teamId: string; teamSlug: string; role: Role }[] }, teamSlug?: string): HistoryScope {
  const mine = user.memberships.filter((m) => !teamSlug || m.teamSlug === teamSlug);
  const full = mine.filter((m) => atLeast(m.role, "lead")).map((m) => m.teamId);
  const own = mine.filter((m) => !atLeast(m.role, "lead")).map((m) => m.teamId);
  return { teamIds: full, ...(own.length ? { own: { teamIds: own, actor: user.email } } : {}) };
}

export const isEmpty = (s: HistoryScope) => !s.teamIds.length && !s.own?.teamIds.length;

function scopeWhere(s: HistoryScope) {
  const own = s.own?.teamIds.length ? [{ teamId: { in: s.own.teamIds }, resolvedBy: s.own.actor }] : [];
  // The common case (a lead) stays a plain `teamId IN (…)`, which the history index serves.
  if (!own.length) return { teamId: { in: s.teamIds } };
  return { OR: [...(s.teamIds.length ? [{ teamId: { in: s.teamIds } }] : []), ...own] };
}

export function secretLines(secrets: SecretMeta[]): SecretLine[] {
  return secrets.map((s) => ({
    questionId: s.questionId,
    providedBy: s.providedBy,
    providedAt: s.createdAt.toISOString(),
    claimedAt: s.claimedAt?.toISOString() ?? null,
    purgedAt: s.purgedAt?.toISOString() ?? null,
  }));
}

function filterWhere(scope: HistoryScope, f: HistoryFilters) {
  const range = dateBounds(f);
  return {
    ...scopeWhere(scope),
    status: f.status ? f.status : { not: "pending" },
    ...(f.agent ? { agentName: f.agent } : {}),
    ...(f.reviewer ? { resolvedBy: f.reviewer } : {}),
    // Every terminal row has resolvedAt; the bound also keeps the keyset comparison total.
    resolvedAt: { not: null, ...range },
  };
}

// The plain `resolvedAt <= t` / `>= t` beside the tuple comparison is implied by it; it is there for
// the planner: SQLite cannot bound an index range by an OR, and without it a newer page walks the
// (teamId, resolvedAt, id) index from the far end (300–380 ms at 1,000,000 rows).
function keyset(c: Cursor) {
  const t = new Date(c.t);
  if (c.d === "next") return { resolvedAt: { lte: t }, OR: [{ resolvedAt: { lt: t } }, { resolvedAt: t, id: { lt: c.id } }] };
  return { resolvedAt: { gte: t }, OR: [{ resolvedAt: { gt: t } }, { resolvedAt: t, id: { gt: c.id } }] };
}

async function whereOf(scope: HistoryScope, f: HistoryFilters, cursor: Cursor | null) {
  const rest = { AND: [filterWhere(scope, f), ...(cursor ? [keyset(cursor)] : [])] };
  const search = f.q ? await searchWhere(f.q) : null;
  if (!search) return rest;
  if (!("id" in search)) return { AND: [rest, search] };
  // A rare word on SQLite: the text index already named the few matching ids (at most MAX_IDS), so
  // the page is those rows, filtered and sorted. Without statistics SQLite's planner takes
  // `teamId = ?` for a handful of rows and walks the (teamId, resolvedAt, id) index across the whole
  // team instead (117 ms at 1,000,000 rows; 523 ms when a status filter leaves none). NOT (NOT …)
  // is the same condition, but one the planner cannot use an index for, so only `id IN` is left.
  return { AND: [search, { NOT: { NOT: rest } }] };
}

async function fetchRows(scope: HistoryScope, f: HistoryFilters, take: number, cursor: Cursor | null) {
  const dir = cursor?.d === "prev" ? "asc" : "desc";
  const rows = await db().questionRequest.findMany({
    where: await whereOf(scope, f, cursor),
    orderBy: [{ resolvedAt: dir }, { id: dir }],
    take,
    include: { secrets: { select: SECRET_META } },
  });
  return dir === "asc" ? rows.reverse() : rows;
}

type Row = Awaited<ReturnType<typeof fetchRows>>[number];

/** The rows as items, each naming the rule that decided it (one lookup for all of them). */
async function toItems(rows: Row[]): Promise<HistoryItem[]> {
  const rules = await ruleRefs(rows.map((r) => r.resolvedBy));
  return rows.map((r) => ({ request: toView(r, r.secrets), teamId: r.teamId, secrets: secretLines(r.secrets), rule: rules.get(r.resolvedBy ?? "") ?? null }));
}

const cursorOf = (r: Row, d: Cursor["d"]) => encodeCursor({ t: r.resolvedAt!.toISOString(), id: r.id, d });

/** One page. The scope must already be the caller's permitted teams (see HistoryScope). */
export async function listHistory(opts: HistoryScope & { query: HistoryQuery }): Promise<HistoryPage> {
  const { query, ...scope } = opts;
  if (isEmpty(scope)) return { data: [], nextCursor: null, prevCursor: null };
  const cursor = query.cursor ? decodeHistoryCursor(query.cursor) : null;
  const rows = await fetchRows(scope, query, query.limit + 1, cursor);
  if (cursor?.d === "prev") {
    // Rows came newest-first after the reverse; the extra one (if any) is the newest.
    const more = rows.length > query.limit;
    // Back at the top: serve the real first page so page boundaries match a fresh visit.
    if (!more) return listHistory({ ...scope, query: { ...query, cursor: undefined } });
    const page = rows.slice(1);
    return { data: await toItems(page), nextCursor: cursorOf(page.at(-1)!, "next"), prevCursor: cursorOf(page[0], "prev") };
  }
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    data: await toItems(page),
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
    const rows = await fetchRows({ teamIds: opts.teamIds }, opts.filters, Math.min(batch, opts.max - sent), cursor);
    for (const item of await toItems(rows)) yield item;
    sent += rows.length;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { t: last.resolvedAt!.toISOString(), id: last.id, d: "next" };
  }
}

/** One resolved request in the scope, or null (unknown, pending, another team's or person's). */
export async function getHistoryItem(opts: HistoryScope & { id: string }): Promise<HistoryItem | null> {
  const { id, ...scope } = opts;
  if (isEmpty(scope)) return null;
  const row = await db().questionRequest.findFirst({
    where: { id, status: { not: "pending" }, ...scopeWhere(scope) },
    include: { secrets: { select: SECRET_META } },
  });
  return row ? (await toItems([row]))[0]! : null;
}

// The pickers walk their own indexes (history-facets.ts); re-exported for the page.
export { historyFacets } from "./history-facets";
