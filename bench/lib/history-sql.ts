// The history and insights scenarios' 1,000,000 resolved requests, made by the database itself in
// one INSERT … SELECT over a number series (a recursive CTE on SQLite, generate_series on
// PostgreSQL): no row crosses from JS, so seeding takes as long as the inserts and their indexes.
// Row for row the same as historyRow() in fixtures.ts (kept for the small probes): 90 days, 70 %
// answered, 15 % rejected, 10 % cancelled, 5 % expired, 50 agents, waits 30–629 s, one row in 5,000
// with RARE_WORD, one in 8 about COMMON_WORD.
import type { Provider } from "./target";
import { HISTORY_QUESTIONS, HISTORY_SEED } from "./fixtures";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // lib/ids.ts
const SPAN = 90 * 86_400_000;

type Dialect = { series: (n: number) => string; pad: (x: string, width: number) => string; at: (ms: string) => string; nl: string };

const DIALECTS: Record<Provider, Dialect> = {
  sqlite: {
    series: (n) => `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ${n})`,
    pad: (x, w) => `substr('${"0".repeat(w)}' || (${x}), -${w})`,
    at: (ms) => `strftime('%Y-%m-%dT%H:%M:%f', (${ms}) / 1000.0, 'unixepoch') || '+00:00'`,
    nl: "char(10)",
  },
  postgresql: {
    series: (n) => `WITH seq(i) AS (SELECT generate_series(0::bigint, ${n - 1}::bigint))`,
    pad: (x, w) => `lpad((${x})::text, ${w}, '0')`,
    at: (ms) => `to_timestamp((${ms}) / 1000.0) AT TIME ZONE 'UTC'`,
    nl: "chr(10)",
  },
};

/** lib/ids.ts's time part: 10 base-32 digits of the creation time in ms, most significant first. */
function timeId(ms: string): string {
  return Array.from({ length: 10 }, (_, k) => `substr('${ALPHABET}', CAST(((${ms}) / ${32 ** (9 - k)}) % 32 AS INTEGER) + 1, 1)`).join(" || ");
}

/** INSERT … SELECT of `n` rows for `teamId`/`tokenId`; parameters $1…$6 (SQLite: @p1…@p6). */
export function historySeedSql(provider: Provider, n: number, now: number): { text: string; params: (v: { teamId: string; tokenId: string }) => unknown[] } {
  const d = DIALECTS[provider];
  const p = (k: number) => (provider === "sqlite" ? `@p${k}` : `$${k}`);
  const topics = HISTORY_SEED.topics.map((t, k) => `WHEN ${k} THEN '${t}'`).join(" ");
  const status = `CASE WHEN i % 20 < 14 THEN 'answered' WHEN i % 20 < 17 THEN 'rejected' WHEN i % 20 < 19 THEN 'cancelled' ELSE 'expired' END`;
  const text = `${d.series(n)},
  r AS (SELECT i, ${now - SPAN - 60_000} + (i * ${SPAN}) / ${n} AS c, CASE i % ${HISTORY_SEED.topics.length} ${topics} END AS topic, ${status} AS status,
    'agent-' || ${d.pad(`(i * 7) % 50`, 2)} AS agent, CASE WHEN i % 5000 = 1234 THEN ' ${HISTORY_SEED.rareWord}' ELSE '' END AS rare FROM seq)
INSERT INTO "QuestionRequest" ("id", "teamId", "tokenId", "status", "source", "mode", "title", "context", "agentName", "sessionId",
  "questions", "response", "searchText", "createdAt", "resolvedAt", "resolvedBy", "version", "fingerprint", "kind", "answerDigest", "waitSeconds")
SELECT 'qr_' || ${timeId("c")} || ${d.pad("i", 16)}, ${p(1)}, ${p(2)}, status, 'model_tool', 'interactive',
  'Decide the ' || topic || ' for service ' || (i % 97) || rare,
  'Context for decision ' || i || ': the ' || topic || ' choice blocks the next step of the plan.',
  agent, 's-' || ${d.pad("i % 100000000", 8)}, ${p(3)},
  CASE WHEN status = 'answered' THEN '{"answers":{"db":{"selected":["PostgreSQL"],"custom":null,"text":null,"note":' || CASE WHEN i % 3 = 0 THEN '"keep it boring"' ELSE 'null' END || '}}}'
    ELSE '{"rejection":{"code":"' || CASE WHEN status = 'rejected' THEN 'reviewer_rejected' ELSE status END || '","message":"${HISTORY_SEED.rejection}"}}' END,
  'decide the ' || topic || ' for service ' || (i % 97) || rare || ${d.nl} || 'context for decision ' || i || ': the ' || topic || ' choice blocks the next step of the plan.'
    || ${d.nl} || agent || ${d.nl} || ${p(4)},
  ${d.at("c")}, ${d.at(`c + 30000 + (i % 600) * 1000`)},
  CASE WHEN status IN ('answered', 'rejected') THEN 'token:reviewer-' || (i % 5) ELSE 'system' END,
  2, ${p(5)}, 'single_select', CASE WHEN status = 'answered' THEN ${p(6)} END, 30 + i % 600
FROM r`;
  return {
    text,
    params: ({ teamId, tokenId }) => [teamId, tokenId, HISTORY_QUESTIONS.json, HISTORY_SEED.questionText, HISTORY_QUESTIONS.fingerprint, HISTORY_QUESTIONS.digest],
  };
}
