// The history queries the browser pages and exports use (lib/questions/history*.ts), on the suite's
// real database: order by resolution, keyset pages both ways (stable under new decisions), filters,
// team scoping, and exports without secret values. Requests are made through the real API.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "csv-parse/sync";
import { closeDb, db } from "@/lib/db/client";
import { getHistoryItem, listHistory } from "@/lib/questions/history";
import { exportStream } from "@/lib/questions/history-export";
import { HistoryQuerySchema } from "@/lib/questions/history-query";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { dbEnv } from "../helpers/server";
import { clients, singleSelect, uid } from "../helpers/clients";

const { agent, reviewer, all, otherTeam } = clients();
Object.assign(process.env, dbEnv(inject("dataDir")));

const name = `hist-${uid()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const query = (q: Record<string, unknown>) => HistoryQuerySchema.parse({ agent: name, ...q });
const ids = (page: { data: { request: QuestionRequest }[] }) => page.data.map((i) => i.request.id);

let teamId = "";
let otherTeamId = "";
let r: QuestionRequest[] = [];
const secret = `hist-secret-${uid()}`;

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

beforeAll(async () => {
  teamId = (await db().team.findUniqueOrThrow({ where: { slug: "default" } })).id;
  otherTeamId = (await db().team.findUniqueOrThrow({ where: { slug: "other" } })).id;
  for (let i = 0; i < 5; i++) r.push(await agent.create(singleSelect({ title: `History ${i} ${name}`, agent: { name } })));
  // Resolve out of creation order: history follows resolution time, newest first → 4, 2, 0, 1, 3.
  await reviewer.reply(r[3].id, { answers: { db: { selected: ["SQLite"], note: "small data" } } });
  await sleep(5);
  await reviewer.reply(r[1].id, { answers: { db: { custom: "DuckDB" } } });
  await sleep(5);
  await reviewer.reply(r[0].id, { answers: { db: { selected: ["PostgreSQL"] } } });
  await sleep(5);
  await reviewer.reject(r[2].id, "not now");
  await sleep(5);
  await agent.cancel(r[4].id, "user typed it");
  r = await Promise.all(r.map((x) => agent.get(x.id)));
});

afterAll(async () => {
  await closeDb();
});

describe("history pages", () => {
  it("lists resolved requests newest resolution first and leaves pending ones out", async () => {
    const pending = await agent.create(singleSelect({ agent: { name } }));
    const page = await listHistory({ teamIds: [teamId], query: query({}) });
    expect(ids(page)).toEqual([4, 2, 0, 1, 3].map((i) => r[i].id));
    expect(ids(page)).not.toContain(pending.id);
    expect(page.nextCursor).toBeNull();
    expect(page.prevCursor).toBeNull();
  });

  it("pages forwards and back with opaque cursors, stable when new decisions land", async () => {
    const p1 = await listHistory({ teamIds: [teamId], query: query({ limit: 2 }) });
    expect(ids(p1)).toEqual([r[4].id, r[2].id]);
    // A decision made while the lead pages lands before page one, not inside page two.
    const late = await agent.create(singleSelect({ agent: { name } }));
    await reviewer.reject(late.id, "late");
    const p2 = await listHistory({ teamIds: [teamId], query: query({ limit: 2, cursor: p1.nextCursor }) });
    expect(ids(p2)).toEqual([r[0].id, r[1].id]);
    const p3 = await listHistory({ teamIds: [teamId], query: query({ limit: 2, cursor: p2.nextCursor }) });
    expect(ids(p3)).toEqual([r[3].id]);
    expect(p3.nextCursor).toBeNull();
    const back2 = await listHistory({ teamIds: [teamId], query: query({ limit: 2, cursor: p3.prevCursor }) });
    expect(ids(back2)).toEqual([r[0].id, r[1].id]);
    const back1 = await listHistory({ teamIds: [teamId], query: query({ limit: 2, cursor: back2.prevCursor }) });
    expect(ids(back1)).toEqual([r[4].id, r[2].id]);
    // Only the late decision is newer still: "Newer" then serves the real first page.
    const top = await listHistory({ teamIds: [teamId], query: query({ limit: 2, cursor: back1.prevCursor }) });
    expect(ids(top)).toEqual([late.id, r[4].id]);
    expect(top.prevCursor).toBeNull();
    await expect(listHistory({ teamIds: [teamId], query: query({ cursor: "bm90LWEtY3Vyc29y" }) })).rejects.toMatchObject({ code: "invalid_query" });
  });

  it("filters by status, reviewer, text and resolution date", async () => {
    const list = async (q: Record<string, unknown>) => ids(await listHistory({ teamIds: [teamId], query: query(q) }));
    expect(await list({ status: "answered" })).toEqual([0, 1, 3].map((i) => r[i].id));
    expect(await list({ status: "cancelled" })).toEqual([r[4].id]);
    expect(await list({ reviewer: r[3].resolvedBy })).toEqual(expect.arrayContaining([r[0].id, r[1].id, r[3].id]));
    expect(await list({ reviewer: r[3].resolvedBy })).not.toContain(r[4].id);
    expect(await list({ q: `HISTORY 2 ${name}` })).toEqual([r[2].id]);
    const day = r[0].resolvedAt!.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await list({ status: "answered", from: day, to: day })).toHaveLength(3);
    expect(await list({ from: next })).toEqual([]);
    expect(await list({ to: r[3].resolvedAt, status: "answered" })).toEqual([r[3].id]);
  });

  it("rejects bad filters and limits over 100", () => {
    expect(HistoryQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(HistoryQuerySchema.safeParse({ from: "yesterday" }).success).toBe(false);
    expect(HistoryQuerySchema.safeParse({ status: "pending" }).success).toBe(false);
    expect(HistoryQuerySchema.parse({ status: "", agent: " " })).toEqual({ limit: 25 });
  });

  it("keeps other teams' requests out", async () => {
    const theirs = await otherTeam.create(singleSelect({ agent: { name } }));
    await otherTeam.reject(theirs.id, "no");
    expect(ids(await listHistory({ teamIds: [teamId], query: query({}) }))).not.toContain(theirs.id);
    expect(await getHistoryItem({ teamIds: [teamId], id: theirs.id })).toBeNull();
    expect(await getHistoryItem({ teamIds: [otherTeamId], id: theirs.id })).not.toBeNull();
    expect(await getHistoryItem({ teamIds: [teamId], id: r[0].id })).not.toBeNull();
    expect(await listHistory({ teamIds: [], query: query({}) })).toEqual({ data: [], nextCursor: null, prevCursor: null });
  });
});

describe("history exports", () => {
  it("exports CSV (one row per question) and JSON with secret metadata, never the value", async () => {
    const secretName = `${name}-secret`;
    const req = await all.create({
      source: "internal",
      title: "=HYPERLINK(\"http://evil\")",
      agent: { name: secretName },
      questions: [
        { id: "key", header: "Key", prompt: "The key", kind: "freeform", secret: true },
        { id: "why", header: "Why", prompt: "Why?", kind: "freeform" },
      ],
    });
    await all.reply(req.id, { answers: { key: { text: secret, note: "rotate" } }, confirmUnanswered: true });
    const filters = { agent: secretName };
    const csv = await text(exportStream({ teamIds: [teamId], filters, format: "csv" }));
    expect(csv).not.toContain(secret);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ request_id: req.id, question_id: "key", secret: "provided", text: "", note: "rotate", resolved_by: "token:all" });
    expect(rows[1]).toMatchObject({ question_id: "why", skipped: "true", secret: "" });
    // Each row carries its question's text, not only the short header (issue 22).
    expect(rows.map((x) => [x.header, x.prompt])).toEqual([["Key", "The key"], ["Why", "Why?"]]);
    expect(rows[0].title.startsWith("'=")).toBe(true); // a formula in a cell is made inert

    const json = await text(exportStream({ teamIds: [teamId], filters, format: "json" }));
    expect(json).not.toContain(secret);
    const [view] = JSON.parse(json) as { id: string; response: { answers: Record<string, { text: null; secret: Record<string, unknown> }> } }[];
    expect(view.id).toBe(req.id);
    expect((view as unknown as { questions: { prompt: string }[] }).questions.map((q) => q.prompt)).toEqual(["The key", "Why?"]);
    expect(view.response.answers.key.text).toBeNull();
    expect(view.response.answers.key.secret).toMatchObject({ provided: true, claimedAt: null, purgedAt: null, providedBy: "token:all" });

    await all.claimSecrets(req.id);
    const after = parse(await text(exportStream({ teamIds: [teamId], filters, format: "csv" })), { columns: true }) as Record<string, string>[];
    expect(after[0].secret).toBe("claimed");
  });

  it("streams at most the requested number of requests and an empty JSON array when none match", async () => {
    const capped = JSON.parse(await text(exportStream({ teamIds: [teamId], filters: { agent: name }, format: "json", max: 2 }))) as unknown[];
    expect(capped).toHaveLength(2);
    expect(JSON.parse(await text(exportStream({ teamIds: [teamId], filters: { agent: `none-${uid()}` }, format: "json" })))).toEqual([]);
  });
});
