// The `q` filter runs through a text index (SQLite FTS5 trigram, PostgreSQL pg_trgm) and must match
// exactly the rows `searchText LIKE '%key%'` matched before: each answer here is checked against that
// plain LIKE (Prisma `contains`, which no index changes) run on the same database.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { listHistory } from "@/lib/questions/history";
import { HistoryQuerySchema } from "@/lib/questions/history-query";
import { MAX_IDS } from "@/lib/questions/search-index";
import { searchKey } from "@/lib/questions/search-text";
import type { QuestionsClient } from "@openoxide/questions-client";
import { dbEnv } from "../helpers/server";
import { clients, singleSelect, uid } from "../helpers/clients";

const { all, otherTeam } = clients();
Object.assign(process.env, dbEnv(inject("dataDir")));

const tag = uid();
const agentName = `idx-${tag}`;
let teamId = "";

/** Every id of the listing, page by page (limit 2, so a search crosses several cursors). */
async function apiIds(client: QuestionsClient, q: string, limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.list({ q, agent: agentName, limit, ...(cursor ? { cursor } : {}) });
    ids.push(...page.data.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

async function historyIds(q: string, limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q, agent: agentName, limit: String(limit), ...(cursor ? { cursor } : {}) }) });
    ids.push(...page.data.map((i) => i.request.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** What the plain LIKE scan returns: the rows before the index existed, in each listing's order. */
async function likeIds(q: string, resolved = false): Promise<string[]> {
  const rows = await db().questionRequest.findMany({
    where: { teamId, agentName, searchText: { contains: searchKey(q) }, ...(resolved ? { status: { not: "pending" } } : {}) },
    orderBy: resolved ? [{ resolvedAt: "desc" }, { id: "desc" }] : [{ id: "desc" }],
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

const TITLES = ["50% off", "50_off", "50x off", "back\\slash", "TABLE Top", "tablet", "qz", "a%b c_d", 'say "hi" now'];
const ids: Record<string, string> = {};

beforeAll(async () => {
  teamId = (await db().team.findUniqueOrThrow({ where: { slug: "default" } })).id;
  for (const title of TITLES) ids[title] = (await all.create(singleSelect({ title: `${title} ${tag}`, agent: { name: agentName } }))).id;
  // Half of them resolved, so history (resolved only) has something to page through.
  for (const title of TITLES.slice(0, 5)) await all.reply(ids[title]!, { answers: { db: { selected: ["SQLite"] } } });
});

afterAll(async () => {
  await closeDb();
});

describe("q through the text index matches what LIKE matched", () => {
  const queries = ["50%", "50_", "0% o", "%", "_", "\\", "h\\s", "off", "OFF", "50", "o", "qz", "ta", "table", "TABLE T", "a%b c_d", "%b", '"hi"', 'y "h', '"hi" NOW', tag, `tablet ${tag}`, "nowhere-at-all"];

  it.each(queries)("GET /requests?q=%s: the same rows, across cursor pages", async (q) => {
    const expected = await likeIds(q);
    expect(await apiIds(all, q)).toEqual(expected);
  });

  it.each(queries)("history q=%s: the same rows, across cursor pages", async (q) => {
    const expected = await likeIds(q, true);
    expect(await historyIds(q)).toEqual(expected);
  });

  it("literal % and _ match only themselves; short queries still match", async () => {
    expect(await apiIds(all, "50%")).toEqual([ids["50% off"]]);
    expect(await apiIds(all, "50_")).toEqual([ids["50_off"]]);
    expect(await apiIds(all, "\\")).toEqual([ids["back\\slash"]]);
    expect(await apiIds(all, "qz")).toEqual([ids["qz"]]);
    expect(await apiIds(all, "%b")).toEqual([ids["a%b c_d"]]);
    expect(await apiIds(all, '"HI" now')).toEqual([ids['say "hi" now']]);
    expect(await apiIds(all, "TaBlE")).toEqual([ids["tablet"], ids["TABLE Top"]]);
  });

  it("a word the resolution adds is found once the request is resolved", async () => {
    const word = `quixotic${tag}`;
    const req = await all.create(singleSelect({ title: `Resolve me ${tag}`, agent: { name: agentName } }));
    expect(await apiIds(all, word)).toEqual([]);
    await all.reply(req.id, { answers: { db: { selected: ["SQLite"], note: `A ${word.toUpperCase()} choice` } } });
    expect(await apiIds(all, word)).toEqual([req.id]);
    expect(await historyIds(word)).toEqual([req.id]);
    expect(await likeIds(word)).toEqual([req.id]);
  });

  it("another team's rows never appear, even when they match", async () => {
    const theirs = await otherTeam.create(singleSelect({ title: `TABLE Top ${tag}`, agent: { name: agentName } }));
    // Resolved too, so the history listing has it to (wrongly) include.
    await db().questionRequest.update({ where: { id: theirs.id }, data: { status: "cancelled", resolvedAt: new Date(), resolvedBy: "seed" } });
    expect(await apiIds(all, `table top ${tag}`)).toEqual([ids["TABLE Top"]]);
    expect(await apiIds(otherTeam, `table top ${tag}`)).toEqual([theirs.id]);
    expect(await historyIds(`table top ${tag}`)).toEqual([ids["TABLE Top"]]);
  });

  /** `n` resolved rows whose text holds `word`, straight into the table; row i resolved `ageMs(i)` ago. */
  async function seedWord(word: string, n: number, status: (i: number) => string, ageMs: (i: number) => number) {
    const now = Date.now();
    const { questions } = await db().questionRequest.findUniqueOrThrow({ where: { id: ids["tablet"] }, select: { questions: true } });
    const rows = Array.from({ length: n }, (_, i) => ({
      id: newId("qr"),
      teamId,
      status: status(i),
      source: "internal",
      mode: "interactive",
      agentName,
      questions,
      searchText: searchKey(`seeded ${word} ${i}`),
      resolvedAt: new Date(now - ageMs(i)),
      resolvedBy: "seed",
    }));
    await db().questionRequest.createMany({ data: rows });
    return rows;
  }

  it("a word on thousands of rows (past the index's id list) still pages like LIKE", async () => {
    const word = `common${tag}`;
    const rows = await seedWord(word, 2100, (i) => (i % 2 ? "answered" : "cancelled"), (i) => i * 1000);
    const first = await all.list({ q: word, agent: agentName, limit: 100 });
    expect(first.data.map((r) => r.id)).toEqual((await likeIds(word)).slice(0, 100));
    const page = await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q: word, agent: agentName, limit: "100" }) });
    expect(page.data.map((i) => i.request.id)).toEqual((await likeIds(word, true)).slice(0, 100));
    // A narrower query among those rows goes through the index again.
    expect(await apiIds(all, `${word} 2099`)).toEqual(await likeIds(`${word} 2099`));
    expect(await historyIds(`${word} 1999`)).toEqual([rows[1999]!.id]);
    expect(await apiIds(all, `${word} 1999`)).toEqual([rows[1999]!.id]);
  });

  // Prisma binds at most 999 values per SQLite statement (P2029, a 500): a word on 1,500 rows once
  // went as a 1,500-id IN list. At the cap the id list is used, one row past it the plain LIKE.
  it.each([
    ["at the id list's cap", MAX_IDS],
    ["between the cap and the bind limit", 1500],
  ])("a word on rows %s (%i) lists, pages and filters like LIKE", async (_, n) => {
    const word = `mid${n}x${tag}`;
    await seedWord(word, n, (i) => (i % 3 ? "answered" : "expired"), (i) => Math.floor(i / 2) * 1000);
    const api = await all.list({ q: word, agent: agentName, limit: 100 });
    expect(api.data.map((r) => r.id)).toEqual((await likeIds(word)).slice(0, 100));
    const expired = await all.list({ q: word, agent: agentName, status: "expired", limit: 100 });
    expect(expired.data.every((r) => r.status === "expired")).toBe(true);
    const history = await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q: word, agent: agentName, limit: "100" }) });
    expect(history.data.map((i) => i.request.id)).toEqual((await likeIds(word, true)).slice(0, 100));
    const next = await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q: word, agent: agentName, limit: "100", cursor: history.nextCursor! }) });
    expect(next.data.map((i) => i.request.id)).toEqual((await likeIds(word, true)).slice(100, 200));
  });
});
