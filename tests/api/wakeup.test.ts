// Wake-ups are prompt, not deadline luck: a waiter the server reports parked (so its own read
// cannot be what returns the answer) gets the reply within 2 s, as does an event stream already
// live; and the expiry timer alone (no waiter, no reader) expires a request and emits its event.
import { describe, expect, it } from "vitest";
import { clients, singleSelect } from "../helpers/clients";
import { newestEventId, subscribe } from "../helpers/events";
import { parked } from "../helpers/parked";
import { rawQuery } from "../helpers/raw-db";
import { inject } from "vitest";

const { agent, reviewer, all, baseUrl, tokens } = clients();
const dataDir = inject("dataDir");

describe("prompt wake-ups", () => {
  it("a parked long-poll waiter wakes within 2 s of the reply", async () => {
    const created = await agent.create(singleSelect());
    const waiting = fetch(`${baseUrl}/api/v1/requests/${created.id}?wait=15`, { headers: { authorization: `Bearer ${tokens.agent}` } }).then(async (res) => ({
      res,
      view: (await res.json()) as { status: string },
      at: Date.now(),
    }));
    await parked(created.id);
    await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    const repliedAt = Date.now();
    const woke = await waiting;
    expect(woke.view.status).toBe("answered");
    expect(woke.at - repliedAt).toBeLessThan(2_000);
  });

  it("a live event stream sees the reply within 2 s", async () => {
    const from = await newestEventId();
    const created = await agent.create(singleSelect());
    const stream = subscribe(all, { lastEventId: from });
    try {
      // Its own request.created arrived: the stream is subscribed, what follows comes live.
      await stream.until((s) => s.some((e) => e.requestId === created.id), "the request's created event");
      await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
      const repliedAt = Date.now();
      await stream.until((s) => s.some((e) => e.requestId === created.id && e.type === "request.answered"), "the answered event");
      expect(Date.now() - repliedAt).toBeLessThan(2_000);
    } finally {
      stream.close();
    }
  });
});

describe("expiry without a waiter", () => {
  it("the expiry timer alone expires the request and emits request.expired", async () => {
    const from = await newestEventId();
    const created = await agent.create(singleSelect({ timeoutSeconds: 10 }));
    // Nobody waits on or reads the request (an event stream reads only the event log, and a plain
    // read never expires anything): the expiry timer is all that can expire it.
    const stream = subscribe(all, { lastEventId: from });
    try {
      const seen = await stream.until((s) => s.some((e) => e.requestId === created.id && e.type === "request.expired"), "request.expired", 20_000);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(created.expiresAt!));
      expect(seen.filter((e) => e.requestId === created.id).map((e) => e.type)).toEqual(["request.created", "request.expired"]);
    } finally {
      stream.close();
    }
    const rows = await rawQuery<{ status: string }>(dataDir, `SELECT status FROM "QuestionRequest" WHERE id = ?`, [created.id]);
    expect(rows[0]!.status).toBe("expired");
  }, 30_000);
});
