// Agent-written text: bidirectional override characters never reach a reviewer, and `q` matches
// `%`, `_` and `\` literally (list API and history search), on SQLite and PostgreSQL alike.
import { describe, expect, inject, it } from "vitest";
import { listHistory } from "@/lib/questions/history";
import { HistoryQuerySchema } from "@/lib/questions/history-query";
import { clients, singleSelect, uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { dbEnv } from "../helpers/server";

const { agent, reviewer } = clients();
const dataDir = inject("dataDir");
Object.assign(process.env, dbEnv(dataDir));

describe("bidirectional controls", () => {
  it("are stripped from title, context, prompts, options, agent name and cancel reasons", async () => {
    const RLO = "\u202E";
    const created = await agent.create({
      ...singleSelect({ title: `invoice${RLO}gnp.exe`, context: `see ${RLO}txt.exe`, agent: { name: `bot${RLO}x` } }),
      questions: [{ id: "f", header: `H${RLO}d`, prompt: `open ${RLO}fdp.exe?`, kind: "single_select", options: [{ label: `${RLO}yes`, description: `d${RLO}` }, { label: "no" }] }],
    });
    const stored = JSON.stringify(await agent.get(created.id));
    expect(stored).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(created.title).toBe("invoicegnp.exe");
    const rows = await rawQuery<{ title: string; questions: string }>(dataDir, `SELECT title, questions FROM "QuestionRequest" WHERE id = ?`, [created.id]);
    expect(rows[0]!.title + rows[0]!.questions).not.toContain(RLO);
    const cancelled = await agent.cancel(created.id, `oops${RLO}`);
    expect(JSON.stringify(cancelled.response)).not.toContain(RLO);
  });
});

describe("q is literal", () => {
  it("treats % _ and \\ as characters, not wildcards", async () => {
    const tag = uid();
    const pct = await agent.create(singleSelect({ title: `${tag} 50% off` }));
    const under = await agent.create(singleSelect({ title: `${tag} a_b` }));
    const slash = await agent.create(singleSelect({ title: `${tag} c\\d` }));
    const plain = await agent.create(singleSelect({ title: `${tag} 500 off axb cd` }));
    const list = async (q: string) => (await reviewer.list({ q })).data.map((r) => r.id).filter((id) => [pct.id, under.id, slash.id, plain.id].includes(id));
    expect(await list(`${tag} 50% off`)).toEqual([pct.id]);
    expect(await list("0% o")).toEqual([pct.id]);
    expect(await list(`${tag} a_b`)).toEqual([under.id]);
    expect(await list(`${tag} c\\d`)).toEqual([slash.id]);
    expect(await list(`${tag} 500 off`)).toEqual([plain.id]);
    // History search goes through the same encoding.
    for (const r of [pct, plain]) await reviewer.reply(r.id, { answers: { db: { selected: ["SQLite"] } } });
    const teamId = (await rawQuery<{ teamId: string }>(dataDir, `SELECT "teamId" FROM "QuestionRequest" WHERE id = ?`, [pct.id]))[0]!.teamId;
    const page = await listHistory({ teamIds: [teamId], query: HistoryQuerySchema.parse({ q: `${tag} 50%` }) });
    expect(page.data.map((i) => i.request.id)).toEqual([pct.id]);
  });
});
