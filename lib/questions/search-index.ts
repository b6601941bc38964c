// The `q` filter as a where clause that an index serves, matching exactly the rows of
// `searchText LIKE '%key%'` (the key encoded by search-text.ts, so the pattern has no wildcard).
// PostgreSQL: a pg_trgm GIN index serves that LIKE as is. SQLite: an FTS5 trigram table
// ("QuestionRequestSearch", kept in step by triggers) finds the candidate ids first; its LIKE is
// re-checked against the stored text, so the rows are the same as the plain LIKE's.
import { db } from "../db/client";
import { isPostgres } from "../db/provider";
import { searchKey } from "./search-text";

// Past this many matches the word is common: a plain LIKE, read in the list's own index order,
// meets a page of matches within a few thousand rows, sooner than an IN list this long would be read.
// It also bounds the statement: Prisma refuses more than 999 bound values per SQLite statement
// (P2029, a 500), and the list's other filters (teams, status, agent, dates, cursor) need their share.
export const MAX_IDS = 800;

type SearchWhere = { searchText: { contains: string } } | { id: { in: string[] } };

export async function searchWhere(q: string): Promise<SearchWhere> {
  const key = searchKey(q);
  const plain = { searchText: { contains: key } };
  // Trigrams need three characters; a shorter key is a plain scan on both databases.
  if (isPostgres() || [...key].length < 3) return plain;
  // Counting first stays in the index (a phrase of consecutive trigrams is the substring), so a
  // common word costs one small query instead of thousands of ids carried through Prisma.
  const phrase = `"${key.replace(/"/g, '""')}"`;
  const [count] = await db().$queryRaw<{ n: number | bigint }[]>`
    SELECT count(*) AS n FROM (SELECT rowid FROM "QuestionRequestSearch" WHERE "QuestionRequestSearch" MATCH ${phrase} LIMIT ${MAX_IDS + 1})`;
  if (Number(count?.n ?? 0) > MAX_IDS) return plain;
  const rows = await db().$queryRaw<{ id: string }[]>`
    SELECT r."id" AS id FROM "QuestionRequestSearch" s JOIN "QuestionRequest" r ON r.rowid = s.rowid
    WHERE s."searchText" LIKE ${`%${key}%`} LIMIT ${MAX_IDS + 1}`;
  if (rows.length > MAX_IDS) return plain;
  return { id: { in: rows.map((r) => r.id) } };
}
