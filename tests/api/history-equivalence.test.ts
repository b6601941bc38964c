// The history reads were re-planned for a million rows (pickers by an index walk, bounded keyset
// ranges, the text index): each must return exactly what the plain query returns on the same
// database — the same rows in the same order. The plain query here is the straightforward Prisma
// one (GROUP BY for the pickers, an unbounded findMany for pages), which no index changes.
// Rows are seeded directly into two teams of their own, with ties in resolvedAt, NULL reviewers,
// agents whose only requests are pending, and names that sort differently by case.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { historyFacets, iterateHistory, listHistory, type HistoryScope } from "@/lib/questions/history";
import { dateBounds, HistoryQuerySchema, type HistoryFilters } from "@/lib/questions/history-query";
import { searchKey } from "@/lib/questions/search-text";
import { dbEnv } from "../helpers/server";
import { uid } from "../helpers/clients";

Object.assign(process.env, dbEnv(inject("dataDir")));

const tag = uid();
const RARE = `rarexq${tag}`;
const AGENTS = ["alpha", "Alpha", "beta", "b", "_under", "zeta", "Zed", "a b", `émile-${tag}`];
const REVIEWERS = ["alice@x.test", "Bob@x.test", "token:r-1", "token:r-10", null];
const STATUSES = ["answered", "rejected", "cancelled", "expired", "answered", "pending"] as const;
const ACTOR = "alice@x.test";
let t1 = "";
let t2 = "";
let base = 0;

async function team(slug: string): Promise<string> {
  return (await db().team.create({ data: { id: newId("team"), slug, name: slug } })).id;
}

function row(teamId: string, i: number, over: Record<string, unknown> = {}) {
  const status = STATUSES[i % STATUSES.length]!;
  const pending = status === "pending";
  return {
    id: newId("qr"),
    teamId,
    status,
    source: "internal",
    mode: "interactive",
    agentName: AGENTS[i % AGENTS.length]!,
    questions: "[]",
    // Groups of four share a resolution instant: the keyset must break ties by id.
    resolvedAt: pending ? null : new Date(base - Math.floor(i / 4) * 60_000),
    resolvedBy: pending ? null : REVIEWERS[i % REVIEWERS.length]!,
    searchText: searchKey(`title ${i}${i % 3 === 0 ? " common" : ""}${i % 11 === 7 ? ` ${RARE}` : ""}`),
    ...over,
  };
}

beforeAll(async () => {
  base = Date.now() - 86_400_000;
  t1 = await team(`eq1-${tag}`.toLowerCase());
  t2 = await team(`eq2-${tag}`.toLowerCase());
  const rows = Array.from({ length: 130 }, (_, i) => row(t1, i));
  // Only pending: never a picker value, even with a reviewer set behind the app's back.
  rows.push(row(t1, 5, { agentName: "pending-only", status: "pending", resolvedAt: null, resolvedBy: "ghost@x.test" }));
  // 250 agents in the second team: past the pickers' cap of 200; "alpha" is in both teams.
  for (let i = 0; i < 250; i++) rows.push(row(t2, i, { agentName: `agent-${String(i).padStart(3, "0")}`, status: "answered", resolvedBy: `r-${i % 7}` }));
  rows.push(row(t2, 0, { agentName: "alpha", status: "expired" }));
  await db().questionRequest.createMany({ data: rows });
});

afterAll(async () => {
  await db().team.deleteMany({ where: { id: { in: [t1, t2] } } });
  await closeDb();
});

/** The pickers as a GROUP BY computed them before the index walk. */
async function plainFacets(scope: HistoryScope) {
  const own = scope.own?.teamIds.length ? [{ teamId: { in: scope.own.teamIds }, resolvedBy: scope.own.actor }] : [];
  const where = { OR: [...(scope.teamIds.length ? [{ teamId: { in: scope.teamIds } }] : []), ...own], status: { not: "pending" } };
  const [agents, reviewers] = await Promise.all([
    db().questionRequest.groupBy({ by: ["agentName"], where, orderBy: { agentName: "asc" }, take: 200 }),
    db().questionRequest.groupBy({ by: ["resolvedBy"], where: { ...where, resolvedBy: { not: null } }, orderBy: { resolvedBy: "asc" }, take: 200 }),
  ]);
  return { agents: agents.map((a) => a.agentName), reviewers: reviewers.map((r) => r.resolvedBy!) };
}

/** Every id a filter matches, newest resolution first, by one unbounded query. */
async function plainIds(scope: HistoryScope, f: HistoryFilters): Promise<string[]> {
  const own = scope.own?.teamIds.length ? [{ teamId: { in: scope.own.teamIds }, resolvedBy: scope.own.actor }] : [];
  const rows = await db().questionRequest.findMany({
    where: {
      OR: [...(scope.teamIds.length ? [{ teamId: { in: scope.teamIds } }] : []), ...own],
      status: f.status ?? { not: "pending" },
      ...(f.agent ? { agentName: f.agent } : {}),
      ...(f.reviewer ? { resolvedBy: f.reviewer } : {}),
      ...(f.q ? { searchText: { contains: searchKey(f.q) } } : {}),
      resolvedAt: { not: null, ...dateBounds(f) },
    },
    orderBy: [{ resolvedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

const query = (f: HistoryFilters, limit: number, cursor?: string) => HistoryQuerySchema.parse({ ...f, limit: String(limit), ...(cursor ? { cursor } : {}) });

/** Pages forward to the end (older), then back to the top (newer) from the last page. */
async function walkPages(scope: HistoryScope, f: HistoryFilters, limit: number) {
  const older: string[][] = [];
  let page = await listHistory({ ...scope, query: query(f, limit) });
  older.push(page.data.map((i) => i.request.id));
  while (page.nextCursor) {
    page = await listHistory({ ...scope, query: query(f, limit, page.nextCursor) });
    older.push(page.data.map((i) => i.request.id));
  }
  const newer: string[][] = [];
  while (page.prevCursor) {
    page = await listHistory({ ...scope, query: query(f, limit, page.prevCursor) });
    newer.unshift(page.data.map((i) => i.request.id));
  }
  return { older, newer };
}

const chunks = (ids: string[], n: number) => Array.from({ length: Math.max(1, Math.ceil(ids.length / n)) }, (_, i) => ids.slice(i * n, i * n + n));

describe("history reads return what the plain queries return", () => {
  const lead = (): HistoryScope => ({ teamIds: [t1] });
  const filters: [string, () => HistoryFilters][] = [
    ["no filter", () => ({})],
    ["status", () => ({ status: "answered" })],
    ["agent", () => ({ agent: "alpha" })],
    ["reviewer", () => ({ reviewer: ACTOR })],
    ["common word", () => ({ q: "common" })],
    ["rare word", () => ({ q: RARE })],
    ["rare word + status", () => ({ q: RARE, status: "answered" })],
    ["rare word + agent", () => ({ q: RARE, agent: AGENTS[7 % AGENTS.length]! })],
    ["rare word + reviewer", () => ({ q: RARE, reviewer: REVIEWERS[7 % REVIEWERS.length]! })],
    ["rare word + date range", () => ({ q: RARE, from: new Date(base - 25 * 60_000).toISOString(), to: new Date(base - 2 * 60_000).toISOString() })],
    ["date range", () => ({ from: new Date(base - 20 * 60_000).toISOString(), to: new Date(base - 5 * 60_000).toISOString() })],
  ];

  it.each(filters)("%s: older pages, then newer pages back to the top", async (_, make) => {
    const f = make();
    const expected = await plainIds(lead(), f);
    expect(expected.length).toBeGreaterThan(0);
    // Several pages, so cursors are crossed both ways.
    if (f.q === RARE && Object.keys(f).length === 1) expect(expected.length).toBeGreaterThan(6);
    const { older, newer } = await walkPages(lead(), f, 3);
    expect(older).toEqual(chunks(expected, 3));
    // The walk back ends on the top page, served fresh: every page matches the one going forward.
    expect(newer).toEqual(chunks(expected, 3).slice(0, -1));
  });

  it("a reviewer's own decisions page the same way", async () => {
    const scope: HistoryScope = { teamIds: [], own: { teamIds: [t1], actor: ACTOR } };
    const expected = await plainIds(scope, {});
    expect(expected.length).toBeGreaterThan(3);
    const { older, newer } = await walkPages(scope, {}, 2);
    expect(older).toEqual(chunks(expected, 2));
    expect(newer).toEqual(chunks(expected, 2).slice(0, -1));
  });

  it("the export's batches cross the same keyset boundaries", async () => {
    const got: string[] = [];
    for await (const item of iterateHistory({ teamIds: [t1, t2], filters: {}, max: 10_000, batch: 7 })) got.push(item.request.id);
    expect(got).toEqual(await plainIds({ teamIds: [t1, t2] }, {}));
  });

  it("pickers of one team equal SELECT DISTINCT (pending-only values left out)", async () => {
    const facets = await historyFacets(lead());
    expect(facets).toEqual(await plainFacets(lead()));
    expect(facets.agents).not.toContain("pending-only");
    expect(facets.reviewers).not.toContain("ghost@x.test");
    expect(facets.agents.length).toBe(AGENTS.length);
  });

  it("pickers across teams: merged, de-duplicated, capped at 200 in the database's order", async () => {
    const scope: HistoryScope = { teamIds: [t1, t2] };
    const facets = await historyFacets(scope);
    expect(facets.agents).toHaveLength(200);
    expect(facets).toEqual(await plainFacets(scope));
  });

  it("pickers of a reviewer (own decisions only) and of a lead who is a reviewer elsewhere", async () => {
    const own: HistoryScope = { teamIds: [], own: { teamIds: [t1], actor: ACTOR } };
    expect(await historyFacets(own)).toEqual(await plainFacets(own));
    expect((await historyFacets(own)).reviewers).toEqual([ACTOR]);
    const mixed: HistoryScope = { teamIds: [t2], own: { teamIds: [t1], actor: ACTOR } };
    expect(await historyFacets(mixed)).toEqual(await plainFacets(mixed));
    const none: HistoryScope = { teamIds: [], own: { teamIds: [t1], actor: "nobody@x.test" } };
    expect(await historyFacets(none)).toEqual({ agents: [], reviewers: [] });
  });
});
