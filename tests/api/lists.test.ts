// Cancel (one request, a whole session), list filters, FIFO pending order, stable cursors,
// and team isolation (SPEC §3).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import type { CreateRequestInput, QuestionRequest } from "@/lib/questions/schemas";
import { createToken } from "../helpers/cli";
import { clients, singleSelect, uid } from "../helpers/clients";

const { baseUrl, agent, reviewer, reader, all, otherTeam } = clients();

/** A second ask-only token of the default team. */
let otherAgent: QuestionsClient;

beforeAll(() => {
  otherAgent = new QuestionsClient({ baseUrl, token: createToken(inject("dataDir"), { name: `agent2-${uid()}`, scopes: "ask" }) });
});

const ask = (client: QuestionsClient, overrides: Partial<CreateRequestInput>) => client.create(singleSelect(overrides));
const ids = (rs: QuestionRequest[]) => rs.map((r) => r.id);

async function notFound(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toMatchObject({ status: 404, problem: { type: "/problems/not-found" } });
}

describe("cancel", () => {
  it("cancels with a reason, wakes a waiter, and records rejection code cancelled", async () => {
    const created = await ask(agent, { agent: { name: `cancel-${uid()}` } });
    const waiting = agent.wait(created.id, { timeoutMs: 30_000 });
    const cancelled = await agent.cancel(created.id, "the user answered in the terminal");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.version).toBe(2);
    expect(cancelled.resolvedAt).not.toBeNull();
    expect(cancelled.response).toEqual({
      rejection: { code: "cancelled", message: expect.stringContaining("the user answered in the terminal") },
    });
    const woken = await waiting;
    expect(woken.status).toBe("cancelled");
    expect(woken.response).toEqual(cancelled.response);
  });

  it("cancels without a reason", async () => {
    const created = await ask(agent, { agent: { name: `cancel-${uid()}` } });
    const cancelled = await agent.cancel(created.id);
    expect(cancelled.response).toMatchObject({ rejection: { code: "cancelled", message: expect.any(String) } });
  });

  it("another token's request → 404, and it stays pending", async () => {
    const created = await ask(agent, { agent: { name: `cancel-${uid()}` } });
    await notFound(otherAgent.cancel(created.id, "not mine"));
    await notFound(otherAgent.get(created.id));
    // Even a token that can also answer cannot withdraw someone else's question.
    await notFound(all.cancel(created.id, "not mine"));
    expect((await agent.get(created.id)).status).toBe("pending");
  });

  it("a session cancel cancels only that session's pending requests and returns the count", async () => {
    const name = `session-${uid()}`;
    const session = `sess-${uid()}`;
    const a = await ask(agent, { agent: { name, sessionId: session } });
    const b = await ask(agent, { agent: { name, sessionId: session } });
    const done = await ask(agent, { agent: { name, sessionId: session } });
    await reviewer.reply(done.id, { answers: { db: { selected: ["SQLite"] } } });
    const elsewhere = await ask(agent, { agent: { name, sessionId: `sess-${uid()}` } });
    const noSession = await ask(agent, { agent: { name } });
    const foreign = await ask(otherAgent, { agent: { name, sessionId: session } });

    const waiting = agent.wait(a.id, { timeoutMs: 30_000 });
    expect(await agent.cancelSession(session)).toEqual({ cancelled: 2 });
    expect((await waiting).status).toBe("cancelled");

    for (const id of [a.id, b.id]) {
      const r = await agent.get(id);
      expect(r.status).toBe("cancelled");
      expect(r.response).toMatchObject({ rejection: { code: "cancelled" } });
    }
    expect((await agent.get(done.id)).status).toBe("answered");
    expect((await agent.get(elsewhere.id)).status).toBe("pending");
    expect((await agent.get(noSession.id)).status).toBe("pending");
    expect((await otherAgent.get(foreign.id)).status).toBe("pending");

    // Nothing left to cancel: a second call is harmless.
    expect(await agent.cancelSession(session)).toEqual({ cancelled: 0 });
  });

  it("a session cancel of an unknown session returns 0", async () => {
    expect(await agent.cancelSession(`nope-${uid()}`)).toEqual({ cancelled: 0 });
  });
});

describe("list filters", () => {
  const name = `filters-${uid()}`;
  const word = `zebra${uid()}`;
  const promptWord = `quokka${uid()}`;
  const session = `sess-${uid()}`;
  const seeded: Record<string, QuestionRequest> = {};

  beforeAll(async () => {
    seeded.titled = await ask(agent, { title: `Pick a ${word} database`, agent: { name } });
    seeded.prompted = await ask(agent, {
      title: "Plain",
      agent: { name },
      questions: [{ id: "q", header: "Q", prompt: `Should the ${promptWord} service cache?`, kind: "single_select", options: [{ label: "yes" }, { label: "no" }] }],
    });
    seeded.answered = await ask(agent, { title: "Answered one", agent: { name } });
    await reviewer.reply(seeded.answered.id, { answers: { db: { selected: ["SQLite"] } } });
    seeded.sessioned = await ask(agent, { title: "In a session", agent: { name, sessionId: session } });
    seeded.rejected = await ask(agent, { title: "Rejected one", agent: { name } });
    await reviewer.reject(seeded.rejected.id, "no");
  });

  it("agent: every request of that agent, newest first", async () => {
    const { data } = await agent.list({ agent: name });
    expect(ids(data)).toEqual([seeded.rejected!.id, seeded.sessioned!.id, seeded.answered!.id, seeded.prompted!.id, seeded.titled!.id]);
  });

  it("status", async () => {
    expect(ids((await agent.list({ agent: name, status: "answered" })).data)).toEqual([seeded.answered!.id]);
    expect(ids((await agent.list({ agent: name, status: "rejected" })).data)).toEqual([seeded.rejected!.id]);
    expect((await agent.list({ agent: name, status: "cancelled" })).data).toEqual([]);
    for (const r of (await reviewer.list({ agent: name, status: "pending" })).data) expect(r.status).toBe("pending");
  });

  it("pending is FIFO: oldest first", async () => {
    const { data } = await reviewer.list({ agent: name, status: "pending" });
    expect(ids(data)).toEqual([seeded.titled!.id, seeded.prompted!.id, seeded.sessioned!.id]);
  });

  it("sessionId", async () => {
    expect(ids((await agent.list({ sessionId: session })).data)).toEqual([seeded.sessioned!.id]);
  });

  it("q matches text in the title or in a prompt, case-insensitively", async () => {
    expect(ids((await agent.list({ q: word })).data)).toEqual([seeded.titled!.id]);
    expect(ids((await agent.list({ q: word.toUpperCase() })).data)).toEqual([seeded.titled!.id]);
    expect(ids((await reviewer.list({ q: promptWord })).data)).toEqual([seeded.prompted!.id]);
    expect((await agent.list({ q: `nothing-${uid()}` })).data).toEqual([]);
  });

  it("filters combine", async () => {
    expect(ids((await agent.list({ agent: name, q: word, status: "pending" })).data)).toEqual([seeded.titled!.id]);
    expect((await agent.list({ agent: name, q: word, status: "answered" })).data).toEqual([]);
    expect((await agent.list({ agent: `${name}-other`, q: word })).data).toEqual([]);
  });

  it("read and answer tokens see the team's requests; an ask token only its own", async () => {
    for (const client of [reviewer, reader, all]) expect((await client.list({ agent: name })).data).toHaveLength(5);
    expect((await otherAgent.list({ agent: name })).data).toEqual([]);
  });
});

describe("cursor pages", () => {
  async function collect(client: QuestionsClient, query: { agent: string; status?: "pending" }, between: () => Promise<unknown>) {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.list({ ...query, limit: 2, cursor });
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.data));
      cursor = page.nextCursor ?? undefined;
      pages++;
      if (cursor) await between();
      expect(pages).toBeLessThan(20);
    } while (cursor);
    return seen;
  }

  it("newest-first pages neither skip nor repeat when requests arrive between pages", async () => {
    const name = `pages-${uid()}`;
    const original: string[] = [];
    for (let i = 0; i < 5; i++) original.push((await ask(agent, { title: `page ${i}`, agent: { name } })).id);
    const inserted: string[] = [];
    const seen = await collect(agent, { agent: name }, async () => inserted.push((await ask(agent, { agent: { name } })).id));
    expect(inserted.length).toBeGreaterThan(0);
    // Newer requests sort before the cursor: this walk shows exactly the original five, newest first.
    expect(seen).toEqual([...original].reverse());
    expect((await agent.list({ agent: name, limit: 100 })).data).toHaveLength(original.length + inserted.length);
  });

  it("FIFO pending pages neither skip nor repeat; new arrivals appear at the end", async () => {
    const name = `fifo-${uid()}`;
    const original: string[] = [];
    for (let i = 0; i < 5; i++) original.push((await ask(agent, { title: `fifo ${i}`, agent: { name } })).id);
    const inserted: string[] = [];
    const seen = await collect(reviewer, { agent: name, status: "pending" }, async () => {
      if (inserted.length < 2) inserted.push((await ask(agent, { agent: { name } })).id);
    });
    expect(seen).toEqual([...original, ...inserted]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("a page of exactly the remaining items has no next cursor", async () => {
    const name = `exact-${uid()}`;
    for (let i = 0; i < 2; i++) await ask(agent, { agent: { name } });
    const page = await agent.list({ agent: name, limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.nextCursor).toBeNull();
  });
});

describe("another team's requests", () => {
  it("are 404 on get, reply, reject, cancel and claim, and absent from lists", async () => {
    const name = `isolated-${uid()}`;
    const theirs = await otherTeam.create(singleSelect({ title: `Other team ${name}`, agent: { name, sessionId: `sess-${name}` } }));
    const ours = await agent.create(singleSelect({ agent: { name } }));

    for (const client of [agent, reviewer, reader, all]) await notFound(client.get(theirs.id));
    await notFound(reviewer.reply(theirs.id, { answers: { db: { selected: ["SQLite"] } } }));
    await notFound(all.reply(theirs.id, { answers: { db: { selected: ["SQLite"] } } }));
    await notFound(reviewer.reject(theirs.id, "not yours"));
    await notFound(agent.cancel(theirs.id, "not yours"));
    await notFound(all.cancel(theirs.id));
    await notFound(agent.claimSecrets(theirs.id));
    expect(await agent.cancelSession(`sess-${name}`)).toEqual({ cancelled: 0 });

    for (const client of [agent, reviewer, reader, all]) {
      expect(ids((await client.list({ agent: name })).data)).not.toContain(theirs.id);
      expect(ids((await client.list({ agent: name, status: "pending" })).data)).not.toContain(theirs.id);
      expect((await client.list({ q: name })).data.map((r) => r.id)).not.toContain(theirs.id);
    }
    // …and the other way round.
    await notFound(otherTeam.get(ours.id));
    expect(ids((await otherTeam.list({ agent: name })).data)).toEqual([theirs.id]);

    // Nothing they tried changed it.
    const after = await otherTeam.get(theirs.id);
    expect(after.status).toBe("pending");
    expect(after.version).toBe(1);
  });
});
