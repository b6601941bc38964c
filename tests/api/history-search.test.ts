// Text search (`q`, history and GET /requests) covers what was decided — "Other" text, free text,
// notes and a rejection's reason — once a request is resolved, and never a secret value.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, db } from "@/lib/db/client";
import { listHistory } from "@/lib/questions/history";
import { HistoryQuerySchema } from "@/lib/questions/history-query";
import { dbEnv } from "../helpers/server";
import { clients, singleSelect, uid } from "../helpers/clients";

const { agent, all } = clients();
Object.assign(process.env, dbEnv(inject("dataDir")));

const tag = uid();
const secret = `search-secret-${uid()}`;
let teamId = "";

const viaApi = async (q: string) => (await all.list({ q })).data.map((r) => r.id);
const viaHistory = async (q: string) =>
  (await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q }) })).data.map((i) => i.request.id);

beforeAll(async () => {
  teamId = (await db().team.findUniqueOrThrow({ where: { slug: "default" } })).id;
});

afterAll(async () => {
  await closeDb();
});

describe("search over decisions", () => {
  it("finds an answered request by its Other text, free text and notes; never by a secret", async () => {
    const req = await all.create({
      source: "internal",
      agent: { name: `search-bot-${tag}` },
      questions: [
        { id: "db", header: "Database", prompt: "Which one?", kind: "single_select", options: [{ label: "A" }, { label: "B" }], allowCustom: true },
        { id: "why", header: "Why", prompt: "Why?", kind: "freeform" },
        { id: "key", header: "Key", prompt: "The key", kind: "freeform", secret: true },
      ],
    });
    const other = `Redis-Streams-${tag}`;
    const free = `because latency ${tag}`;
    const note = `we already run it ${tag}`;
    const keyNote = `rotate monthly ${tag}`;
    // Before the answer, none of these words is on the request.
    expect(await viaApi(other.toLowerCase())).toEqual([]);
    await all.reply(req.id, { answers: { db: { custom: other, note }, why: { text: free }, key: { text: secret, note: keyNote } } });

    for (const q of [other.toUpperCase(), free, note, keyNote]) {
      expect(await viaApi(q), q).toEqual([req.id]);
      expect(await viaHistory(q), q).toEqual([req.id]);
    }
    expect(await viaApi(secret)).toEqual([]);
    expect(await viaHistory(secret)).toEqual([]);
    const row = await db().questionRequest.findUniqueOrThrow({ where: { id: req.id }, select: { searchText: true } });
    expect(row.searchText).not.toContain(secret);
    expect(row.searchText).toContain("which one?"); // the creation text is kept
  });

  it("finds a rejected request by the reviewer's reason", async () => {
    const req = await agent.create(singleSelect({ agent: { name: `search-bot-${tag}` } }));
    await all.reject(req.id, `Out of scope ${tag}`);
    expect(await viaHistory(`out of scope ${tag}`)).toEqual([req.id]);
    expect(await viaApi(`out of scope ${tag}`)).toEqual([req.id]);
  });
});
