// Insights' spans and closed-day cache (docs/decisions.md, "Insights: spans and closed days"), on
// the suite's real database through the real server: a closed day's figures are read from
// InsightDayFigure once computed, and every late change to that day — an answer, a rule decision,
// a cancellation, a deletion — shows up in the next response; a long period read through spans of
// 28 and 7 days gives the exact figures of its requests; the spans always equal the histogram.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { closeDb, db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { periodOf } from "@/lib/insights/query";
import type { Insights } from "@/lib/insights/schemas";
import { readPlan } from "@/lib/insights/sql";
import { cliTeam } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { dbEnv } from "../helpers/server";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
Object.assign(process.env, dbEnv(dataDir));

const QUESTIONS = [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }], secret: false }];
const DAY_MS = 86_400_000;

let team: Awaited<ReturnType<typeof cliTeam>>;

type Seed = { at: string; status: string; by: string | null; wait: number | null; agent?: string };

/** A request resolved at `at` (ISO) after `wait` seconds, or pending (created at `at`) when by is null. */
function row(s: Seed) {
  const at = new Date(s.at);
  const pending = s.status === "pending";
  return {
    id: newId("qr"),
    teamId: team.teamId,
    status: s.status,
    source: "model_tool",
    mode: "interactive",
    agentName: s.agent ?? "cache-agent",
    questions: JSON.stringify(QUESTIONS),
    response: pending ? null : JSON.stringify(s.status === "answered" ? { answers: { db: { selected: ["PostgreSQL"] } } } : { rejection: { code: s.status, message: "x" } }),
    createdAt: pending ? at : new Date(at.getTime() - (s.wait ?? 0) * 1000),
    resolvedAt: pending ? null : at,
    resolvedBy: s.by,
    version: pending ? 1 : 2,
    kind: "single_select",
    waitSeconds: s.wait,
  };
}

async function figures(query: string): Promise<Insights> {
  const res = await fetch(`${baseUrl}/api/v1/insights?${query}`, { headers: { authorization: `Bearer ${team.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Insights;
}

/** The nearest-rank value at ⌈p·n⌉ of `waits` (the definition the figures use). */
function rank(waits: number[], p: number): number | null {
  const sorted = [...waits].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.ceil((p * sorted.length) - 1e-9) - 1]! : null;
}

beforeAll(async () => {
  team = await cliTeam(dataDir);
}, 120_000);

afterAll(async () => {
  await closeDb();
});

describe("a closed day's cached figures", () => {
  const PERIOD = "from=2026-05-11&to=2026-05-12";
  const A = "2026-05-11";
  const B = "2026-05-12";
  const ids: Record<string, string> = {};
  const day = (f: Insights, d: string) => f.byDay.find((x) => x.day === d)!;

  beforeAll(async () => {
    const seeds: [string, Seed][] = [
      ...[10, 20, 30, 40].map((wait, i): [string, Seed] => [`a${wait}`, { at: `${A}T10:0${i}:00.000Z`, status: "answered", by: "alice@example.test", wait }]),
      ["b100", { at: `${B}T10:00:00.000Z`, status: "answered", by: "bob@example.test", wait: 100 }],
      ["b200", { at: `${B}T10:01:00.000Z`, status: "answered", by: "bob@example.test", wait: 200 }],
      ["late", { at: `${A}T09:00:00.000Z`, status: "pending", by: null, wait: null }],
    ];
    for (const [name, s] of seeds) {
      const r = row(s);
      ids[name] = r.id;
      await db().questionRequest.create({ data: r });
    }
  });

  it("is computed once, stored, and read from the cache afterwards", async () => {
    const f = await figures(PERIOD);
    expect(day(f, A)).toMatchObject({ answered: 4, medianSeconds: 20, p90Seconds: 40 });
    expect(day(f, B)).toMatchObject({ answered: 2, medianSeconds: 100, p90Seconds: 200 });
    const stored = await db().insightDayFigure.findMany({ where: { teamId: team.teamId, agent: "", kind: "", actor: "" }, orderBy: { day: "asc" } });
    expect(stored.map((s) => [s.day, s.answered, s.medianSeconds, s.p90Seconds])).toEqual([[A, 4, 20, 40], [B, 2, 100, 200]]);
    // Proof that the next read uses the stored row: a value only the cache holds comes back.
    await db().insightDayFigure.update({ where: { teamId_agent_kind_actor_day: { teamId: team.teamId, agent: "", kind: "", actor: "", day: A } }, data: { answered: 999 } });
    expect(day(await figures(PERIOD), A).answered).toBe(999);
  });

  it("a late answer on a closed day shows up in the next response", async () => {
    await db().questionRequest.update({ where: { id: ids.late! }, data: { status: "answered", resolvedAt: new Date(`${A}T12:00:00.000Z`), resolvedBy: "alice@example.test", waitSeconds: 10_800, version: 2, response: JSON.stringify({ answers: { db: { selected: ["PostgreSQL"] } } }) } });
    const f = await figures(PERIOD);
    // 10 20 30 40 10800: rank 3 and rank 5.
    expect(day(f, A)).toMatchObject({ answered: 5, medianSeconds: 30, p90Seconds: 10_800 });
    expect(f.counts.answered).toBe(7);
  });

  it("a rule decision on a closed day shows up in the next response", async () => {
    await db().questionRequest.create({ data: row({ at: `${B}T11:00:00.000Z`, status: "answered", by: "rule:rl_cache", wait: 0 }) });
    const f = await figures(PERIOD);
    expect(day(f, B)).toMatchObject({ answered: 2, decidedByRule: 1, medianSeconds: 100 });
    expect(f.counts.decidedByRule).toBe(1);
  });

  it("a cancellation and a deletion on closed days show up in the next response", async () => {
    await db().questionRequest.update({ where: { id: ids.a10! }, data: { status: "cancelled", resolvedBy: "token:agent" } });
    await db().questionRequest.delete({ where: { id: ids.b200! } });
    const f = await figures(PERIOD);
    // A: 20 30 40 10800 → rank 2 and rank 4; B: 100 alone.
    expect(day(f, A)).toMatchObject({ answered: 4, cancelled: 1, medianSeconds: 30, p90Seconds: 10_800 });
    expect(day(f, B)).toMatchObject({ answered: 1, decidedByRule: 1, medianSeconds: 100, p90Seconds: 100 });
    expect(f.counts).toEqual({ answered: 5, rejected: 0, cancelled: 1, expired: 0, decidedByRule: 1, total: 7 });
    expect(f.timeToAnswer).toEqual({ medianSeconds: 40, p90Seconds: 10_800, answered: 5 });
  });

  it("a filter has cache rows of its own", async () => {
    const f = await figures(`${PERIOD}&agent=cache-agent`);
    expect(day(f, A)).toMatchObject({ answered: 4, medianSeconds: 30 });
    const rows = await db().insightDayFigure.findMany({ where: { teamId: team.teamId, agent: "cache-agent" } });
    expect(rows.map((r) => r.day).sort()).toEqual([A, B]);
  });

  it("today's decisions do not touch the closed days' counters; a closed day's change does", async () => {
    const client = new QuestionsClient({ baseUrl, token: team.token });
    const r = await client.create(singleSelect({ agent: { name: "cache-today" } }));
    await client.reply(r.id, { answers: { db: { selected: ["SQLite"] } } });
    const versions = await db().insightDayVersion.findMany({ where: { teamId: team.teamId } });
    const today = new Date().toISOString().slice(0, 10);
    expect(versions.map((v) => v.day)).not.toContain(today);
    expect(versions.find((v) => v.day === A)?.version).toBeGreaterThan(0);
  });
});

describe("a long period read through spans", () => {
  // 2026-02-02 is a Monday 28·k days after 1970-01-05: the period holds whole 28- and 7-day spans and loose days.
  const FROM = "2026-01-29";
  const TO = "2026-04-14";
  const seeds: Seed[] = [];
  for (let i = 0; i < 76; i += 2) {
    const at = new Date(Date.parse(`${FROM}T08:00:00.000Z`) + i * DAY_MS).toISOString();
    seeds.push({ at, status: i % 10 === 4 ? "rejected" : "answered", by: i % 3 ? "carol@example.test" : "dave@example.test", wait: ((i * 37) % 500) + 1, agent: i % 4 ? "span-a" : "span-b" });
  }

  beforeAll(async () => {
    await db().questionRequest.createMany({ data: seeds.map(row) });
  });

  it("reads 28- and 7-day spans and single days, some taken away from an overhanging span", () => {
    const plan = readPlan({ teamId: team.teamId, period: periodOf({ from: FROM, to: TO }) }, new Date());
    expect(new Set(plan.spans.map((s) => s.span))).toEqual(new Set([28, 7, 1]));
    expect(plan.spans.some((s) => s.sign < 0)).toBe(true);
  });

  it("gives the exact figures of its requests", async () => {
    const f = await figures(`from=${FROM}&to=${TO}`);
    const answered = seeds.filter((s) => s.status === "answered");
    expect(f.counts).toMatchObject({ answered: answered.length, rejected: seeds.length - answered.length, total: seeds.length });
    expect(f.timeToAnswer).toEqual({ medianSeconds: rank(answered.map((s) => s.wait!), 0.5), p90Seconds: rank(answered.map((s) => s.wait!), 0.9), answered: answered.length });
    for (const agent of ["span-a", "span-b"]) {
      const mine = seeds.filter((s) => s.agent === agent);
      expect(f.byAgent.find((a) => a.agent === agent)).toMatchObject({ requests: mine.length, medianSeconds: rank(mine.filter((s) => s.status === "answered").map((s) => s.wait!), 0.5) });
    }
    for (const reviewer of ["carol@example.test", "dave@example.test"]) {
      const mine = seeds.filter((s) => s.by === reviewer);
      expect(f.byReviewer.find((r) => r.reviewer === reviewer)).toEqual({ reviewer, decisions: mine.length, medianSeconds: rank(mine.map((s) => s.wait!), 0.5) });
    }
    expect(f.waitingSeconds).toBe(seeds.reduce((a, s) => a + s.wait!, 0));
  });

  it("the spans always equal the sum of the histogram's days", async () => {
    const days = await db().insightDay.findMany({ where: { teamId: team.teamId } });
    const spans = await db().insightSpan.findMany({ where: { teamId: team.teamId } });
    for (const span of [7, 28]) {
      const expected = new Map<string, number>();
      for (const d of days) {
        const e = Date.parse(`${d.day}T00:00:00.000Z`) / DAY_MS;
        const start = new Date((e - ((((e - 4) % span) + span) % span)) * DAY_MS).toISOString().slice(0, 10);
        const key = `${start}|${d.agentName}|${d.kind}|${d.resolvedBy}|${d.status}|${d.waitSeconds}|${d.fingerprint}|${d.answerDigest}`;
        expected.set(key, (expected.get(key) ?? 0) + d.n);
      }
      const kept = new Map(spans.filter((s) => s.span === span).map((s) => [`${s.start}|${s.agentName}|${s.kind}|${s.resolvedBy}|${s.status}|${s.waitSeconds}|${s.fingerprint}|${s.answerDigest}`, s.n]));
      expect(kept).toEqual(expected);
    }
  });
});
