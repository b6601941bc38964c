// Wake-ups are prompt, not deadline luck: a waiter with a 20 s wait returns within 2 s of the reply;
// and the expiry timer alone (no waiter, no reader) expires a request and emits its event.
import { describe, expect, it } from "vitest";
import { clients, singleSelect } from "../helpers/clients";
import { collect } from "../helpers/events";
import { rawQuery } from "../helpers/raw-db";
import { inject } from "vitest";

const { agent, reviewer, all } = clients();
const dataDir = inject("dataDir");

describe("prompt wake-ups", () => {
  it("a long-poll waiter wakes within 2 s of the reply", async () => {
    const created = await agent.create(singleSelect());
    let wokeAt = 0;
    const waiting = agent.wait(created.id, { timeoutMs: 20_000 }).then((r) => {
      wokeAt = Date.now();
      return r;
    });
    await new Promise((r) => setTimeout(r, 500));
    await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    const repliedAt = Date.now();
    expect((await waiting).status).toBe("answered");
    expect(wokeAt - repliedAt).toBeLessThan(2_000);
  });

  it("an event stream subscriber sees the reply within 2 s", async () => {
    const created = await agent.create(singleSelect());
    let repliedAt = 0;
    const listening = collect(all, {}, (s) => s.some((e) => e.requestId === created.id && e.type === "request.answered"));
    await new Promise((r) => setTimeout(r, 500));
    await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    repliedAt = Date.now();
    await listening;
    expect(Date.now() - repliedAt).toBeLessThan(2_000);
  });
});

describe("expiry without a waiter", () => {
  it("the expiry timer alone expires the request and emits request.expired", async () => {
    const created = await agent.create(singleSelect({ timeoutSeconds: 10 }));
    // Nobody waits or reads through the API until well after expiresAt (a plain read never
    // expires anything, so the row itself tells what the timer did).
    await new Promise((r) => setTimeout(r, 12_500));
    const rows = await rawQuery<{ status: string }>(dataDir, `SELECT status FROM "QuestionRequest" WHERE id = ?`, [created.id]);
    expect(rows[0]!.status).toBe("expired");
    const events = await rawQuery<{ type: string }>(dataDir, `SELECT type FROM "Event" WHERE "requestId" = ? ORDER BY id`, [created.id]);
    expect(events.map((e) => e.type)).toEqual(["request.created", "request.expired"]);
  }, 30_000);
});
