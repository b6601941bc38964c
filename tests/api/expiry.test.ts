// timeoutSeconds → expired at expiresAt by the server's expiry timer, whose event wakes a parked
// long-poll waiter and an SSE subscriber (a real 10 s wait). A waiter expires a request itself
// only once the timer is 3 s late (lib/questions/wait.ts), so a waiter back within 2 s of
// expiresAt was woken by the timer's expiry, not by its own read.
import { describe, expect, it } from "vitest";
import type { QuestionEvent } from "@openoxide/questions-client";
import { clients, singleSelect } from "../helpers/clients";
import { subscribe } from "../helpers/events";
import { parked } from "../helpers/parked";

const { agent, all, reviewer } = clients();

describe("expiry", () => {
  it("the expiry timer expires at expiresAt and wakes a long-poll waiter and an SSE subscriber", async () => {
    const created = await agent.create(singleSelect({ timeoutSeconds: 10 }));
    const expiresAt = Date.parse(created.expiresAt!);
    expect(expiresAt - Date.parse(created.createdAt)).toBe(10_000);

    const stream = subscribe(all, {});
    try {
      // The wait's window (30 s) ends long after expiry: only an event or its fallback ends it.
      const waiting = agent.wait(created.id, { timeoutMs: 30_000 }).then((r) => ({ r, at: Date.now() }));
      await parked(created.id);
      const { r: waited, at } = await waiting;
      expect(waited.status).toBe("expired");
      expect(at).toBeGreaterThanOrEqual(expiresAt);
      expect(at - expiresAt).toBeLessThan(2_000);
      expect(waited.resolvedBy).toBe("system");
      expect(waited.response).toEqual({
        rejection: { code: "expired", message: "No human answered before the question expired. Proceed with your best judgement and state your assumptions." },
      });
      const expired = (e: QuestionEvent) => e.requestId === created.id && e.type === "request.expired";
      const event = (await stream.until((s) => s.some(expired), "request.expired")).find(expired);
      expect(event!.request.status).toBe("expired");
    } finally {
      stream.close();
    }

    // terminal states never change
    await expect(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } })).rejects.toMatchObject({ status: 409 });
    expect((await agent.get(created.id)).version).toBe(2);
  }, 40_000);
});
