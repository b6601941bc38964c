// Insights (lib/insights) on the suite's real database, through the real server: seeded decisions
// with known waits give exact nearest-rank medians, 90th percentiles and counts (GET
// /api/v1/insights, the /insights page, its CSV); a reviewer sees only their own decisions; bad
// query parameters are a 400 naming the field; and the columns insights reads are written by the
// real create and reply paths.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "csv-parse/sync";
import { QuestionsClient } from "@openoxide/questions-client";
import { closeDb, db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { answerDigest } from "@/lib/insights/columns";
import type { Insights } from "@/lib/insights/schemas";
import { requestFingerprint } from "@/lib/questions/fingerprint";
import { adminOk, cliTeam } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { dbEnv } from "../helpers/server";
import { signIn } from "../helpers/session";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
Object.assign(process.env, dbEnv(dataDir));

const QUESTIONS = [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select" as const, options: [{ label: "PostgreSQL" }, { label: "SQLite" }], allowCustom: true, secret: false }];
const answered = (label: string) => ({ answers: { db: { selected: [label], custom: null, text: null, note: null } } });

let team: Awaited<ReturnType<typeof cliTeam>>;
let client: QuestionsClient;
const alice = `alice-${uid()}@example.test`;
const bob = `bob-${uid()}@example.test`;
const password = "pw-insights-123456";
let aliceCookie = "";
let leadCookie = "";

type Seed = { day: 1 | 2; agent: string; status: string; by: string; wait: number; kind?: string; answer?: string };

/** One decided request: resolved on 2026-06-0<day> at 10:00 + i minutes, after `wait` seconds. */
function row(s: Seed, i: number) {
  const resolvedAt = new Date(Date.UTC(2026, 5, s.day, 10, i));
  const response = s.status === "answered" ? answered(s.answer ?? "PostgreSQL") : { rejection: { code: s.status, message: "x" } };
  return {
    id: newId("qr"),
    teamId: team.teamId,
    status: s.status,
    source: "model_tool",
    mode: "interactive",
    agentName: s.agent,
    questions: JSON.stringify(QUESTIONS),
    response: JSON.stringify(response),
    createdAt: new Date(resolvedAt.getTime() - s.wait * 1000),
    resolvedAt,
    resolvedBy: s.by,
    version: 2,
    fingerprint: requestFingerprint(QUESTIONS),
    kind: s.kind ?? "single_select",
    answerDigest: s.status === "answered" ? answerDigest(QUESTIONS, response as ReturnType<typeof answered>) : null,
    waitSeconds: s.wait,
  };
}

const SEEDS: Seed[] = [
  // Day 1, agent a1: alice answers ten (10…100 s), rejects two; a rule answers two.
  ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((wait) => ({ day: 1 as const, agent: "a1", status: "answered", by: alice, wait })),
  { day: 1, agent: "a1", status: "rejected", by: alice, wait: 15 },
  { day: 1, agent: "a1", status: "rejected", by: alice, wait: 25 },
  { day: 1, agent: "a1", status: "answered", by: "rule:rl_test", wait: 0 },
  { day: 1, agent: "a1", status: "answered", by: "rule:rl_test", wait: 0 },
  // Day 2, agent a2 (approvals): bob answers three (one differently), one cancelled, one expired, one denied by a rule.
  { day: 2, agent: "a2", status: "answered", by: bob, wait: 5, kind: "approval" },
  { day: 2, agent: "a2", status: "answered", by: bob, wait: 7, kind: "approval" },
  { day: 2, agent: "a2", status: "answered", by: bob, wait: 200, kind: "approval", answer: "SQLite" },
  { day: 2, agent: "a2", status: "cancelled", by: "token:agent", wait: 300, kind: "approval" },
  { day: 2, agent: "a2", status: "expired", by: "system", wait: 600, kind: "approval" },
  { day: 2, agent: "a2", status: "rejected", by: "rule:rl_test", wait: 0, kind: "approval" },
];

const PERIOD = "from=2026-06-01&to=2026-06-02";

async function api(query: string, token = team.token): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/insights?${query}`, { headers: { authorization: `Bearer ${token}` } });
}

async function figures(query = PERIOD): Promise<Insights> {
  const res = await api(query);
  expect(res.status).toBe(200);
  return (await res.json()) as Insights;
}

async function csv(cookie: string, query: string): Promise<Record<string, string>[]> {
  const res = await fetch(`${baseUrl}/api/ui/insights/export?team=${team.slug}&${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
}
const cell = (rows: Record<string, string>[], figure: string, key: string, metric: string) => rows.find((r) => r.figure === figure && r.key === key && r.metric === metric)?.value;

beforeAll(async () => {
  team = await cliTeam(dataDir);
  client = new QuestionsClient({ baseUrl, token: team.token });
  await db().questionRequest.createMany({ data: SEEDS.map(row) });
  await Promise.all([alice, bob].map((email) => adminOk(dataDir, ["user", "create", email, "--password", password, "--team", team.slug, "--role", "reviewer"])));
  [aliceCookie, leadCookie] = await Promise.all([signIn(baseUrl, alice, password), signIn(baseUrl, team.email, team.password)]);
}, 300_000); // five CLI runs: slow on a busy 2-core machine

afterAll(async () => {
  await closeDb();
});

describe("GET /api/v1/insights", () => {
  it("gives exact nearest-rank medians and 90th percentiles, and exact counts", async () => {
    const f = await figures();
    expect(f.period).toEqual({ from: "2026-06-01T00:00:00.000Z", to: "2026-06-03T00:00:00.000Z" });
    // 13 answers by people: 5 7 10 20 30 40 50 60 70 80 90 100 200 → rank 7 and rank ⌈11.7⌉ = 12.
    expect(f.timeToAnswer).toEqual({ medianSeconds: 50, p90Seconds: 100, answered: 13 });
    expect(f.counts).toEqual({ answered: 13, rejected: 2, cancelled: 1, expired: 1, decidedByRule: 3, total: 20 });
    expect(f.waitingSeconds).toBe(550 + 212 + 40 + 300 + 600);
    expect(f.byDay).toEqual([
      { day: "2026-06-01", answered: 10, rejected: 2, cancelled: 0, expired: 0, decidedByRule: 2, medianSeconds: 50, p90Seconds: 90 },
      { day: "2026-06-02", answered: 3, rejected: 0, cancelled: 1, expired: 1, decidedByRule: 1, medianSeconds: 7, p90Seconds: 200 },
    ]);
    expect(f.byAgent).toEqual([
      { agent: "a1", requests: 14, medianSeconds: 50, rejectedShare: 2 / 14, expiredShare: 0 },
      { agent: "a2", requests: 6, medianSeconds: 7, rejectedShare: 1 / 6, expiredShare: 1 / 6 },
    ]);
    // alice: 10 15 20 25 30 40 50 … → rank 6 of 12.
    expect(f.byReviewer).toEqual([
      { reviewer: alice, decisions: 12, medianSeconds: 40 },
      { reviewer: bob, decisions: 3, medianSeconds: 7 },
    ]);
    // Ten answered "PostgreSQL" by alice, plus bob's two: the same question, the same answer (rule answers left out).
    expect(f.recurring).toHaveLength(1);
    expect(f.recurring[0]).toMatchObject({ fingerprint: requestFingerprint(QUESTIONS), count: 12, header: "Database", prompt: "Which database?", answer: "Database: PostgreSQL" });
  });

  it("narrows by agent and by kind, and by a period that holds one day", async () => {
    const a2 = await figures(`${PERIOD}&agent=a2`);
    expect(a2.counts).toEqual({ answered: 3, rejected: 0, cancelled: 1, expired: 1, decidedByRule: 1, total: 6 });
    expect(a2.timeToAnswer).toEqual({ medianSeconds: 7, p90Seconds: 200, answered: 3 });
    expect(a2.byAgent.map((a) => a.agent)).toEqual(["a2"]);
    const approvals = await figures(`${PERIOD}&kind=approval`);
    expect(approvals.counts.total).toBe(6);
    const day1 = await figures("from=2026-06-01&to=2026-06-01");
    expect(day1.timeToAnswer).toEqual({ medianSeconds: 50, p90Seconds: 90, answered: 10 });
    expect(day1.byDay.map((d) => d.day)).toEqual(["2026-06-01"]);
  });

  it("a period with partial days at its edges counts exactly the same (whole days from the histogram, the edges from the requests)", async () => {
    // Day 1 from 10:05: its first five answers (10…50 s) fall outside; day 2 is whole.
    const f = await figures("from=2026-06-01T10:05:00.000Z&to=2026-06-02");
    // 5 7 60 70 80 90 100 200 → rank 4 and rank ⌈7.2⌉ = 8.
    expect(f.timeToAnswer).toEqual({ medianSeconds: 70, p90Seconds: 200, answered: 8 });
    expect(f.counts).toEqual({ answered: 8, rejected: 2, cancelled: 1, expired: 1, decidedByRule: 3, total: 15 });
    expect(f.byDay.map((d) => [d.day, d.answered, d.medianSeconds])).toEqual([["2026-06-01", 5, 80], ["2026-06-02", 3, 7]]);
    // Both edges partial around a whole day 1: noon the day before, to 10:16 (inclusive) on day 2 — its first three answers.
    const g = await figures("from=2026-05-31T12:00:00.000Z&to=2026-06-02T10:16:00.000Z");
    expect(g.counts).toEqual({ answered: 13, rejected: 2, cancelled: 0, expired: 0, decidedByRule: 2, total: 17 });
    expect(g.timeToAnswer).toEqual({ medianSeconds: 50, p90Seconds: 100, answered: 13 });
  });

  it("counts what is open now, with the oldest wait", async () => {
    const before = await figures();
    const r = await client.create(singleSelect({ agent: { name: `open-${uid()}` } }));
    const after = await figures();
    expect(after.open.count).toBe(before.open.count + 1);
    expect(after.open.oldestSeconds).not.toBeNull();
    await client.cancel(r.id, "done");
  });

  it.each([
    ["from=yesterday", "from"],
    ["to=2026-13-45", "to"],
    ["kind=poll", "kind"],
    ["agent=", null],
    ["from=2026-06-05&to=2026-06-01", "from"],
    ["from=2024-01-01&to=2026-06-01", "from"],
    ["colour=red", ""],
  ])("?%s → 400 problem+json naming %s", async (query, field) => {
    const res = await api(query);
    if (field === null) return expect(res.status).toBe(200); // an empty field means "any"
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = (await res.json()) as { errors: { path: string }[] };
    if (field) expect(body.errors.map((e) => e.path)).toContain(field);
    else expect(body.errors.length).toBeGreaterThan(0);
  });

  it("needs the read scope", async () => {
    const ask = (await adminOk(dataDir, ["token", "create", "--team", team.slug, "--name", `ask-${uid()}`, "--scopes", "ask"])).trim().split("\n").at(-1)!;
    expect((await api(PERIOD, ask)).status).toBe(403);
    expect((await api(PERIOD, "oqt_nope")).status).toBe(401);
  });
});

describe("/insights page and CSV", () => {
  it("a lead sees the team's figures, as the API gives them, in the page and the CSV", async () => {
    const rows = await csv(leadCookie, PERIOD);
    expect(cell(rows, "time_to_answer", "", "median_seconds")).toBe("50");
    expect(cell(rows, "time_to_answer", "", "p90_seconds")).toBe("100");
    expect(cell(rows, "counts", "", "total")).toBe("20");
    expect(cell(rows, "reviewer", bob, "decisions")).toBe("3");
    const page = await fetch(`${baseUrl}/insights?team=${team.slug}&${PERIOD}`, { headers: { cookie: leadCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Time to answer per day: median and 90th percentile");
    expect(html).toContain(bob);
  });

  it("a reviewer sees only the decisions they made", async () => {
    const rows = await csv(aliceCookie, PERIOD);
    expect(cell(rows, "counts", "", "answered")).toBe("10");
    expect(cell(rows, "counts", "", "rejected")).toBe("2");
    expect(cell(rows, "counts", "", "total")).toBe("12");
    expect(cell(rows, "time_to_answer", "", "median_seconds")).toBe("50");
    expect(rows.filter((r) => r.figure === "reviewer").map((r) => r.key)).toEqual([alice, alice]);
    expect(rows.filter((r) => r.figure === "agent").map((r) => r.key)).not.toContain("a2");
    const html = await (await fetch(`${baseUrl}/insights?team=${team.slug}&${PERIOD}`, { headers: { cookie: aliceCookie } })).text();
    expect(html).toContain("Your own decisions");
    expect(html).not.toContain(bob);
  });

  it("a bad filter in the export is a 400 naming it", async () => {
    const res = await fetch(`${baseUrl}/api/ui/insights/export?kind=poll`, { headers: { cookie: leadCookie } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("kind");
  });
});

describe("the columns insights reads", () => {
  const stored = (id: string) => db().questionRequest.findUniqueOrThrow({ where: { id }, select: { fingerprint: true, kind: true, answerDigest: true, waitSeconds: true } });

  it("create writes the fingerprint and kind; the answer writes the wait and a digest that ignores notes", async () => {
    const body = singleSelect();
    const [a, b, c] = [await client.create(body), await client.create(body), await client.create(body)];
    const fresh = await stored(a.id);
    expect(fresh).toEqual({ fingerprint: requestFingerprint(a.questions), kind: "single_select", answerDigest: null, waitSeconds: null });
    await client.reply(a.id, { answers: { db: { selected: ["SQLite"], note: "small" } } });
    await client.reply(b.id, { answers: { db: { selected: ["SQLite"], note: "tiny, really" } } });
    await client.reply(c.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const [sa, sb, sc] = await Promise.all([stored(a.id), stored(b.id), stored(c.id)]);
    expect(sa.answerDigest).toMatch(/^[0-9a-f]{32}$/);
    expect(sb.answerDigest).toBe(sa.answerDigest);
    expect(sc.answerDigest).not.toBe(sa.answerDigest);
    expect(sa.waitSeconds).toBeGreaterThanOrEqual(0);
    await client.cancel((await client.create(body)).id, "no longer needed").then(async (r) => expect((await stored(r.id)).answerDigest).toBeNull());
  });

  it("the per-day histogram the figures read equals the requests once their decisions are counted, also after concurrent answers", async () => {
    const body = singleSelect({ agent: { name: `burst-${uid()}` } });
    const made = await Promise.all(Array.from({ length: 12 }, () => client.create(body)));
    await Promise.all(made.map((r, i) => (i % 3 ? client.reply(r.id, { answers: { db: { selected: ["SQLite"] } } }) : client.cancel(r.id, "not needed"))));
    // Each decision's counters follow its commit in a second transaction, with no insights read
    // (lib/insights/pending.ts): no row of it stays marked.
    const marked = () => db().questionRequest.count({ where: { id: { in: made.map((r) => r.id) }, insightPending: true } });
    for (const deadline = Date.now() + 5_000; (await marked()) > 0; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > deadline) throw new Error(`${await marked()} decisions still marked after 5 s`);
    }
    const [histogram, requests] = await Promise.all([
      db().insightDay.groupBy({ by: ["agentName", "status"], where: { teamId: team.teamId }, _sum: { n: true } }),
      db().questionRequest.groupBy({ by: ["agentName", "status"], where: { teamId: team.teamId, status: { not: "pending" } }, _count: { _all: true } }),
    ]);
    const key = (a: string, s: string) => `${a}/${s}`;
    const kept = Object.fromEntries(histogram.filter((h) => (h._sum.n ?? 0) > 0).map((h) => [key(h.agentName, h.status), h._sum.n]));
    expect(kept).toEqual(Object.fromEntries(requests.map((r) => [key(r.agentName, r.status), r._count._all])));
    expect(kept[key(body.agent!.name, "answered")]).toBe(8);
    // A deleted request leaves it too (team deletion cascades).
    await db().questionRequest.delete({ where: { id: made[1]!.id } });
    const after = await db().insightDay.aggregate({ where: { teamId: team.teamId, agentName: body.agent!.name, status: "answered" }, _sum: { n: true } });
    expect(after._sum.n).toBe(7);
  });

  it("a request rejected at create (the fast insert) has its wait (0) and fingerprint; a secret answer has no digest", async () => {
    const nonInteractive = await client.create(singleSelect({ mode: "non_interactive" }));
    expect(await stored(nonInteractive.id)).toMatchObject({ kind: "single_select", waitSeconds: 0, fingerprint: requestFingerprint(nonInteractive.questions) });
    const secret = await client.create({ source: "internal", agent: { name: "a" }, questions: [{ id: "k", header: "Key", prompt: "Key?", kind: "freeform", secret: true }, { id: "db", header: "Database", prompt: "Which?", kind: "single_select", options: [{ label: "A" }, { label: "B" }] }] });
    await client.reply(secret.id, { answers: { k: { text: "s3cret" }, db: { selected: ["A"] } } });
    expect(await stored(secret.id)).toMatchObject({ kind: "mixed", answerDigest: null });
  });
});
