// Checks that the SQL seeding (bench/lib/history-sql.ts) makes the same rows as historyRows() in
// fixtures.ts, on SQLite and (when DATABASE_URL points to one) PostgreSQL, and how fast it seeds.
// Usage: [DATABASE_URL=postgresql://…] npx tsx bench/probes/seed-check.ts [rows]
import { historyRows, makeToken } from "../lib/fixtures";
import { freshTarget, type Provider } from "../lib/target";

const n = Number(process.argv[2] ?? 20_000);
const COLUMNS = ["status", "title", "context", "agentName", "questions", "response", "searchText", "resolvedBy", "waitSeconds", "fingerprint", "kind", "answerDigest"] as const;
const providers: Provider[] = ["sqlite"];
if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) providers.push("postgresql");
let failed = false;
for (const p of providers) {
  const target = await freshTarget(p, "seed-check");
  const agent = makeToken(target.teamId, "probe-agent", "ask");
  await target.insertTokens([agent.row]);
  const now = Date.now();
  const started = performance.now();
  await target.seedHistory(agent.row.id, n, now);
  const seconds = (performance.now() - started) / 1000;
  const expected = historyRows(target.teamId, agent.row.id, n, now);
  const cols = COLUMNS.map((c) => `"${c}"`).join(", ");
  const got = await target.query(`SELECT id, ${cols}, "createdAt", "resolvedAt" FROM "QuestionRequest" ORDER BY id`);
  const diffs: string[] = [];
  got.forEach((row, i) => {
    const want = expected[i]!;
    for (const c of COLUMNS) if (String(row[c]) !== String(want[c])) diffs.push(`row ${i} ${c}: ${JSON.stringify(row[c])} ≠ ${JSON.stringify(want[c])}`);
    if (String(row.id).slice(3, 13) !== want.id.slice(3, 13)) diffs.push(`row ${i} id time: ${row.id} ≠ ${want.id}`);
    const time = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());
    const gap = (time(row.resolvedAt) - time(row.createdAt)) / 1000;
    if (Math.round(gap) !== want.waitSeconds) diffs.push(`row ${i} wait ${gap} ≠ ${want.waitSeconds}`);
  });
  if (got.length !== n) diffs.push(`${got.length} rows, expected ${n}`);
  console.log(`${p}: ${n.toLocaleString("en")} rows in ${seconds.toFixed(1)} s; ${diffs.length} differences`, diffs.slice(0, 5));
  failed ||= diffs.length > 0;
  await target.dispose();
}
process.exit(failed ? 1 : 0);
