// timeoutSeconds → expired at expiresAt; waiters and SSE subscribers wake (a real 10 s wait).
import { describe, expect, it } from "vitest";
import { clients, singleSelect } from "../helpers/clients";

const { agent, all, reviewer } = clients();

describe("expiry", () => {
  it("expires at expiresAt and wakes a long-poll waiter and an SSE subscriber", async () => {
    const created = await agent.create(singleSelect({ timeoutSeconds: 10 }));
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(10_000);

    const controller = new AbortController();
    const sse = (async () => {
      for await (const e of all.events({ signal: controller.signal })) {
        if (e.requestId === created.id && e.type === "request.expired") return e;
      }
      return null;
    })();
    const waited = await agent.wait(created.id, { timeoutMs: 30_000 });
    expect(waited.status).toBe("expired");
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(created.expiresAt!));
    expect(waited.response).toEqual({
      rejection: { code: "expired", message: "No human answered before the question expired. Proceed with your best judgement and state your assumptions." },
    });
    const event = await sse;
    controller.abort();
    expect(event?.request.status).toBe("expired");

    // terminal states never change
    await expect(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } })).rejects.toMatchObject({ status: 409 });
    expect((await agent.get(created.id)).version).toBe(2);
  }, 40_000);
});
