// Seeds 1,000,000 resolved requests (as the history bench does) into a SQLite file and, when
// DATABASE_URL points to PostgreSQL, a new database, and KEEPS both, printing where they are, so
// bench/probes/history-plans.ts can be re-run against them without re-seeding (5–7 min per database).
// Usage: BENCH_KEEP_DATA=1 DATABASE_URL=postgresql://… npx tsx bench/probes/history-seed.ts [rows] [sqlite|postgresql]
import { makeToken } from "../lib/fixtures";
import { freshTarget, type Provider } from "../lib/target";

const rows = Number(process.argv[2] ?? 1_000_000);
const only = process.argv[3] as Provider | undefined;
const providers: Provider[] = ["sqlite"];
if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) providers.push("postgresql");
for (const p of providers.filter((x) => !only || x === only)) {
  const started = Date.now();
  const target = await freshTarget(p, "history-probe");
  const agent = makeToken(target.teamId, "probe-agent", "ask");
  await target.insertTokens([agent.row]);
  await target.seedHistory(agent.row.id, rows);
  // Not disposed: the database stays for the plans probe.
  console.log(JSON.stringify({ provider: p, databaseUrl: target.databaseUrl, dataDir: target.dataDir, teamId: target.teamId, rows, seconds: Math.round((Date.now() - started) / 1000) }));
}
process.exit(0);
