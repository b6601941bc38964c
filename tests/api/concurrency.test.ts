// Concurrent resolutions (SPEC §3): exactly one wins, the others get 409 — or 412 when they
// named a version with If-Match that is no longer current.
import { describe, expect, it } from "vitest";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { clients, singleSelect, uid } from "../helpers/clients";

const { agent, reviewer, all } = clients();

const seed = () => agent.create(singleSelect({ agent: { name: `concurrency-${uid()}` } }));

type Outcome = { ok: true; request: QuestionRequest } | { ok: false; status: number; type: string };

function settle(p: Promise<QuestionRequest>): Promise<Outcome> {
  return p.then(
    (request) => ({ ok: true as const, request }),
    (e: { status?: number; problem?: { type?: string } }) => {
      if (typeof e?.status !== "number") throw e;
      return { ok: false as const, status: e.status, type: e.problem?.type ?? "" };
    },
  );
}

function tally(outcomes: Outcome[]) {
  const winners = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
  const losers = outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
  return { winners, losers };
}

describe("concurrent replies", () => {
  it.each([2, 10])("%i concurrent replies: exactly one 200, the rest 409", async (n) => {
    const created = await seed();
    const labels = ["PostgreSQL", "SQLite"];
    const outcomes = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        settle((i % 2 ? all : reviewer).reply(created.id, { answers: { db: { selected: [labels[i % 2]!], note: `reply ${i}` } } })),
      ),
    );
    const { winners, losers } = tally(outcomes);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(n - 1);
    for (const l of losers) expect(l).toEqual({ ok: false, status: 409, type: "/problems/already-resolved" });

    // The stored answer is the winner's, written once.
    const stored = await agent.get(created.id);
    expect(stored.status).toBe("answered");
    expect(stored.version).toBe(2);
    expect(stored.response).toEqual(winners[0]!.request.response);
    expect(stored.resolvedBy).toBe(winners[0]!.request.resolvedBy);
  });

  it("concurrent reply and reject: one wins, the other gets 409, the state is the winner's", async () => {
    const created = await seed();
    const [reply, reject] = await Promise.all([
      settle(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } })),
      settle(all.reject(created.id, "not my call")),
    ]);
    const { winners, losers } = tally([reply!, reject!]);
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([{ ok: false, status: 409, type: "/problems/already-resolved" }]);
    const stored = await agent.get(created.id);
    expect(stored.status).toBe(reply!.ok ? "answered" : "rejected");
    expect(stored.version).toBe(2);
    expect(stored.response).toEqual(winners[0]!.request.response);
  });

  it("concurrent cancel and reply: one wins, the other gets 409", async () => {
    const created = await seed();
    const [cancel, reply] = await Promise.all([
      settle(agent.cancel(created.id, "user interrupted")),
      settle(reviewer.reply(created.id, { answers: { db: { selected: ["PostgreSQL"] } } })),
    ]);
    const { winners, losers } = tally([cancel!, reply!]);
    expect(winners).toHaveLength(1);
    expect(losers).toEqual([{ ok: false, status: 409, type: "/problems/already-resolved" }]);
    expect((await agent.get(created.id)).status).toBe(cancel!.ok ? "cancelled" : "answered");
  });

  it("concurrent replies that all send the current If-Match: one 200, the rest 412", async () => {
    const created = await seed();
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => settle(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } }, { ifMatch: created.version }))),
    );
    const { winners, losers } = tally(outcomes);
    expect(winners).toHaveLength(1);
    for (const l of losers) expect(l).toEqual({ ok: false, status: 412, type: "/problems/precondition-failed" });
  });
});

describe("If-Match", () => {
  it("412 for a version the request has moved past, and the first resolution stays", async () => {
    const created = await seed();
    expect(created.version).toBe(1);
    const answered = await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    expect(answered.version).toBe(2);
    const err = await reviewer.reply(created.id, { answers: { db: { selected: ["PostgreSQL"] } } }, { ifMatch: 1 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 412, problem: { type: "/problems/precondition-failed", status: 412 } });
    expect((await agent.get(created.id)).response).toEqual(answered.response);
  });

  it("412 for a version that never existed; the request stays pending", async () => {
    const created = await seed();
    await expect(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } }, { ifMatch: 7 })).rejects.toMatchObject({
      status: 412,
      problem: { type: "/problems/precondition-failed" },
    });
    const after = await agent.get(created.id);
    expect(after.status).toBe("pending");
    expect(after.version).toBe(1);
  });

  it("200 with the current version", async () => {
    const created = await seed();
    const done = await reviewer.reply(created.id, { answers: { db: { selected: ["PostgreSQL"] } } }, { ifMatch: created.version });
    expect(done.status).toBe("answered");
    expect(done.version).toBe(created.version + 1);
  });

  it("reject honours If-Match as well", async () => {
    const created = await seed();
    await expect(reviewer.reject(created.id, "no", { ifMatch: 3 })).rejects.toMatchObject({ status: 412 });
    const done = await reviewer.reject(created.id, "no", { ifMatch: 1 });
    expect(done).toMatchObject({ status: "rejected", version: 2 });
  });

  it("GET returns the version as an ETag usable in If-Match", async () => {
    const { baseUrl, tokens } = clients();
    const created = await seed();
    const res = await fetch(`${baseUrl}/api/v1/requests/${created.id}`, { headers: { authorization: `Bearer ${tokens.reviewer}` } });
    expect(res.headers.get("etag")).toBe(`"v${created.version}"`);
  });
});
