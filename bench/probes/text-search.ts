// The history text search (`searchText LIKE '%word%'`) on 100,000 seeded rows, straight on SQLite:
// as the app runs it, with a larger page cache or mmap, and with an FTS5 trigram index.
// Usage: npx tsx bench/probes/text-search.ts
import Database from "better-sqlite3";
import { COMMON_WORD, historyRows, makeToken, RARE_WORD } from "../lib/fixtures";
import { summarise } from "../lib/stats";
import { freshTarget } from "../lib/target";

const target = await freshTarget("sqlite", "search");
const owner = makeToken(target.teamId, "a", "ask");
await target.insertTokens([owner.row]);
await target.insertRequests(historyRows(target.teamId, owner.row.id, 100_000));
const file = target.databaseUrl.slice("file:".length);
const LIKE = `SELECT * FROM "QuestionRequest" WHERE "teamId" = ? AND "searchText" LIKE ? ORDER BY "id" DESC LIMIT 51`;

function time(fn: () => unknown, runs = 15): string {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    ms.push(performance.now() - started);
  }
  const s = summarise(ms);
  return `p50 ${s.p50} ms, max ${s.max} ms`;
}

for (const pragma of ["", "cache_size = -131072", "mmap_size = 536870912"]) {
  const db = new Database(file);
  if (pragma) db.pragma(pragma);
  const stmt = db.prepare(LIKE);
  for (const word of [RARE_WORD, COMMON_WORD]) console.log(`LIKE %${word}% ${pragma || "(defaults)"}: ${time(() => stmt.all(target.teamId, `%${word}%`))}`);
  if (!pragma) console.log(`plan: ${(db.prepare(`EXPLAIN QUERY PLAN ${LIKE}`).all(target.teamId, "%x%") as { detail: string }[]).map((r) => r.detail).join("; ")}`);
  db.close();
}
const db = new Database(file);
db.exec(`CREATE VIRTUAL TABLE qr_fts USING fts5(searchText, content='QuestionRequest', content_rowid='rowid', tokenize='trigram')`);
db.exec(`INSERT INTO qr_fts(rowid, searchText) SELECT rowid, searchText FROM "QuestionRequest"`);
const fts = db.prepare(`SELECT * FROM "QuestionRequest" WHERE rowid IN (SELECT rowid FROM qr_fts WHERE qr_fts MATCH ?) AND "teamId" = ? ORDER BY "id" DESC LIMIT 51`);
for (const word of [RARE_WORD, COMMON_WORD]) console.log(`FTS5 trigram "${word}": ${time(() => fts.all(`"${word}"`, target.teamId))}`);
db.close();
await target.dispose();

// PostgreSQL, when DATABASE_URL points to one: the same LIKE as the app sends, then with a pg_trgm
// GIN index (which serves LIKE '%…%' directly).
if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
  const pgTarget = await freshTarget("postgresql", "search");
  const pgOwner = makeToken(pgTarget.teamId, "a", "ask");
  await pgTarget.insertTokens([pgOwner.row]);
  await pgTarget.insertRequests(historyRows(pgTarget.teamId, pgOwner.row.id, 100_000));
  const q = async (label: string) => {
    for (const word of [RARE_WORD, COMMON_WORD]) {
      const ms: number[] = [];
      for (let i = 0; i < 15; i++) ms.push((await pgTarget.timeQuery(LIKE.replace("?", "$1").replace("?", "$2"), [pgTarget.teamId, `%${word}%`])).ms);
      const s = summarise(ms);
      console.log(`PostgreSQL LIKE %${word}% ${label}: p50 ${s.p50} ms, max ${s.max} ms`);
    }
  };
  await q("(no index)");
  await pgTarget.timeQuery(`CREATE EXTENSION IF NOT EXISTS pg_trgm`, []);
  await pgTarget.timeQuery(`CREATE INDEX qr_search_trgm ON "QuestionRequest" USING gin ("searchText" gin_trgm_ops)`, []);
  await pgTarget.timeQuery(`ANALYZE "QuestionRequest"`, []);
  await q("(pg_trgm GIN index)");
  await pgTarget.dispose();
}
