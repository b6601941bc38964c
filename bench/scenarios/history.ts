// History at scale: 1,000,000 resolved requests seeded directly into the database (not through the
// API), then the reads a lead makes — the newest-first list, a status + agent filter, and text
// searches (a common word, and a rare one that only the text index finds quickly) — one at a time
// with a `read` token, p50/p99 over many samples. Then the browser's /history page as a signed-in lead
// reads it (server-rendered: the page's own query, ordered by resolution, plus the agent/reviewer
// pickers on every load): first page, text searches, and older/newer keyset pages from a few pages in.
import { performance } from "node:perf_hooks";
import { agent, call } from "../lib/http";
import { COMMON_WORD, HISTORY_AGENTS, RARE_WORD } from "../lib/fixtures";
import { summarise, type Summary } from "../lib/stats";
import type { Target } from "../lib/target";

/** `page`: the browser's /history page, measured for the record beside the API's goal rows. */
export type HistoryRow = { name: string; path: string; rows: number; bytes: number; latencyMs: Summary; sqlMs: Summary; page?: boolean };

// The SELECT the list does (lib/questions/read.ts), run directly against the database, to split
// the database's share of a request's time from the app's.
const LIST_SQL = (where: string) => `SELECT * FROM "QuestionRequest" WHERE "teamId" = $1${where} ORDER BY "id" DESC LIMIT 51`;
// A rare word on SQLite goes through the FTS5 trigram table first (lib/questions/search-index.ts)
// and the app then reads those rows by key and sorts them; the unary `+` keeps SQLite on that plan
// here too (without it this SELECT walks the team's id index instead: 32 ms vs 2 ms at 1,000,000).
// PostgreSQL's pg_trgm index serves the LIKE itself.
const RARE_SQL = {
  sqlite: `SELECT * FROM "QuestionRequest" WHERE +"teamId" = $1 AND "rowid" IN (SELECT rowid FROM "QuestionRequestSearch" WHERE "searchText" LIKE $2) ORDER BY "id" DESC LIMIT 51`,
  postgresql: LIST_SQL(` AND "searchText" LIKE $2`),
};

/** The cursors of a /history page's pager links (opaque base64url JSON; `d` says which way). */
function pagerCursors(html: string): { next?: string; prev?: string } {
  const out: { next?: string; prev?: string } = {};
  for (const [, c] of html.matchAll(/[?&;]cursor=([A-Za-z0-9_-]+)/g)) {
    const d = (JSON.parse(Buffer.from(c!, "base64url").toString("utf8")) as { d?: string }).d;
    if (d === "next" || d === "prev") out[d] ??= c;
  }
  return out;
}

async function pageQueries(base: string, cookie: string, pool: ReturnType<typeof agent>) {
  // Four pages in, so a "newer" page starts from the middle of the index, not from its top.
  let html = "";
  let path = "/history";
  for (let i = 0; i < 4; i++) {
    const res = await call({ base, method: "GET", path, cookie, agent: pool });
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    html = res.text;
    path = `/history?cursor=${pagerCursors(html).next}`;
  }
  const { next, prev } = pagerCursors(html);
  if (!next || !prev) throw new Error("/history: no pager links four pages in");
  return [
    { name: "page: first page + pickers", path: "/history" },
    { name: `page: q=${COMMON_WORD}`, path: `/history?q=${COMMON_WORD}` },
    { name: `page: q=${RARE_WORD}`, path: `/history?q=${RARE_WORD}` },
    { name: `page: q=${RARE_WORD}&status=rejected`, path: `/history?q=${RARE_WORD}&status=rejected` },
    { name: "page: older page (cursor)", path: `/history?cursor=${next}` },
    { name: "page: newer page (cursor)", path: `/history?cursor=${prev}` },
  ];
}

export async function runHistory(opts: { base: string; readToken: string; leadCookie?: string; samples: number; target: Target; log: (s: string) => void }): Promise<HistoryRow[]> {
  const team = opts.target.teamId;
  const agentName = HISTORY_AGENTS[7]!;
  const queries = [
    { name: "list, newest first", path: "/api/v1/requests", sql: LIST_SQL(""), params: [team] },
    { name: "filter status=answered&agent=X", path: `/api/v1/requests?status=answered&agent=${agentName}`, sql: LIST_SQL(` AND "status" = $2 AND "agentName" = $3`), params: [team, "answered", agentName] },
    { name: `search q=${COMMON_WORD} (1 row in 8)`, path: `/api/v1/requests?q=${COMMON_WORD}`, sql: LIST_SQL(` AND "searchText" LIKE $2`), params: [team, `%${COMMON_WORD}%`] },
    { name: `search q=${RARE_WORD} (1 row in 5,000)`, path: `/api/v1/requests?q=${RARE_WORD}`, sql: RARE_SQL[opts.target.provider], params: [team, `%${RARE_WORD}%`] },
  ];
  const pool = agent();
  const out: HistoryRow[] = [];
  for (const q of queries) {
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < opts.samples + 20; i++) {
      const started = performance.now();
      const res = await call({ base: opts.base, method: "GET", path: q.path, token: opts.readToken, agent: pool });
      if (res.status !== 200) throw new Error(`${q.path} → ${res.status}: ${res.text.slice(0, 200)}`);
      if (i < 20) continue; // warm-up
      times.push(res.at - started);
      rows = (JSON.parse(res.text) as { data: unknown[] }).data.length;
      bytes = Buffer.byteLength(res.text);
    }
    const sql: number[] = [];
    for (let i = 0; i < Math.min(opts.samples, 50) + 3; i++) {
      const r = await opts.target.timeQuery(q.sql, q.params);
      if (i >= 3) sql.push(r.ms);
    }
    const row = { name: q.name, path: q.path, rows, bytes, latencyMs: summarise(times), sqlMs: summarise(sql) };
    out.push(row);
    opts.log(`  ${q.name}: p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms (${rows} rows, ${Math.round(bytes / 1024)} KiB; the SELECT alone p50 ${row.sqlMs.p50} ms)`);
  }
  if (opts.leadCookie) {
    for (const q of await pageQueries(opts.base, opts.leadCookie, pool)) {
      const times: number[] = [];
      let res = { status: 0, text: "", at: 0 };
      for (let i = 0; i < opts.samples + 20; i++) {
        const started = performance.now();
        res = await call({ base: opts.base, method: "GET", path: q.path, cookie: opts.leadCookie, agent: pool });
        if (res.status !== 200) throw new Error(`${q.path} → ${res.status}: ${res.text.slice(0, 200)}`);
        if (i >= 20) times.push(res.at - started);
      }
      const rows = res.text.match(/href="\/history\/qr_/g)?.length ?? 0;
      // No "SELECT alone" here: a page is several statements (the page, the pickers, a search's ids).
      const row = { name: q.name, path: q.path, rows, bytes: Buffer.byteLength(res.text), latencyMs: summarise(times), sqlMs: summarise([]), page: true };
      out.push(row);
      opts.log(`  ${q.name}: p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms (${rows} rows, ${Math.round(row.bytes / 1024)} KiB of HTML)`);
    }
  }
  pool.destroy();
  return out;
}
