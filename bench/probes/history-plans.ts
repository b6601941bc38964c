// The history reads a lead makes, run through the app's own functions (so the SQL is what Prisma
// sends) against a database seeded by bench/probes/history-seed.ts: the /history page (first page,
// filters, text search, older/newer cursor pages, the agent/reviewer pickers), the export's batches
// and the API list. Prints p50/p99 per read, the statements it sent, and the plan of each statement.
// Usage: DATABASE_URL=<from history-seed> TEAM_ID=<…> npx tsx bench/probes/history-plans.ts [runs] [--plans]
import { historyFacets, iterateHistory, listHistory, type HistoryScope } from "../../lib/questions/history";
import { HistoryQuerySchema } from "../../lib/questions/history-query";
import { listRequests } from "../../lib/questions/read";
import { ListQuerySchema } from "../../lib/questions/schemas";
import { COMMON_WORD, HISTORY_AGENTS, RARE_WORD } from "../lib/fixtures";
import { done, measure } from "./probe-db";

const runs = Number(process.argv[2] ?? 20);
const showPlans = process.argv.includes("--plans");
const teamId = process.env.TEAM_ID!;
const scope: HistoryScope = { teamIds: [teamId] };
const q = (p: Record<string, string>) => HistoryQuerySchema.parse(p);
const agent = HISTORY_AGENTS[7]!;

// A cursor taken from a page in the middle of the table, for older/newer pages there.
const first = await listHistory({ ...scope, query: q({}) });
let deep = first;
for (let i = 0; i < 3; i++) deep = await listHistory({ ...scope, query: q({ cursor: deep.nextCursor! }) });

const reads: [string, () => Promise<unknown>][] = [
  ["page: first", () => listHistory({ ...scope, query: q({}) })],
  ["page: status+agent", () => listHistory({ ...scope, query: q({ status: "answered", agent }) })],
  ["page: reviewer", () => listHistory({ ...scope, query: q({ reviewer: "token:reviewer-3" }) })],
  ["page: last 7 days", () => listHistory({ ...scope, query: q({ from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) }) })],
  [`page: q=${COMMON_WORD}`, () => listHistory({ ...scope, query: q({ q: COMMON_WORD }) })],
  [`page: q=${RARE_WORD}`, () => listHistory({ ...scope, query: q({ q: RARE_WORD }) })],
  [`page: q=${RARE_WORD}+status`, () => listHistory({ ...scope, query: q({ q: RARE_WORD, status: "answered" }) })],
  ["page: older (next cursor)", () => listHistory({ ...scope, query: q({ cursor: deep.nextCursor! }) })],
  ["page: newer (prev cursor)", () => listHistory({ ...scope, query: q({ cursor: deep.prevCursor! }) })],
  ["pickers (historyFacets)", () => historyFacets(scope)],
  ["export: first 2 batches", async () => {
    let n = 0;
    for await (const _ of iterateHistory({ teamIds: [teamId], filters: {}, max: 1000 })) n++;
    return n;
  }],
  ["api: list", () => listRequests({ teamId }, ListQuerySchema.parse({}))],
  [`api: q=${RARE_WORD}`, () => listRequests({ teamId }, ListQuerySchema.parse({ q: RARE_WORD }))],
  [`api: q=${RARE_WORD}+status`, () => listRequests({ teamId }, ListQuerySchema.parse({ q: RARE_WORD, status: "answered" }))],
];

await measure(reads, runs, showPlans);
await done();
