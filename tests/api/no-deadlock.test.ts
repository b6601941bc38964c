// No agent ever waits on a question nobody can answer (SPEC §3): non-interactive requests and
// tokens whose policy is deny are recorded and returned at once as `rejected`.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { clients, singleSelect, uid } from "../helpers/clients";

const { baseUrl, agent, reviewer } = clients();
const NON_INTERACTIVE = "No human is available to answer (non-interactive run). Proceed with your best judgement and state your assumptions.";

let denied: QuestionsClient;

beforeAll(() => {
  const token = createToken(inject("dataDir"), { name: `deny-${uid()}`, scopes: "ask", policy: "deny" });
  denied = new QuestionsClient({ baseUrl, token });
});

describe("non-interactive requests", () => {
  it("are created (201) already rejected with code non_interactive and the fixed message", async () => {
    const name = `headless-${uid()}`;
    const { status, request } = await agent.createRaw(singleSelect({ mode: "non_interactive", agent: { name, sessionId: `s-${uid()}` } }));
    expect(status).toBe(201);
    expect(request.mode).toBe("non_interactive");
    expect(request.status).toBe("rejected");
    expect(request.response).toEqual({ rejection: { code: "non_interactive", message: NON_INTERACTIVE } });
    expect(request.resolvedAt).not.toBeNull();

    // Recorded: readable by id and listed.
    const read = await agent.get(request.id);
    expect(read).toEqual(request);
    expect((await agent.list({ agent: name })).data.map((r) => r.id)).toEqual([request.id]);
    expect((await reviewer.list({ agent: name, status: "rejected" })).data.map((r) => r.id)).toEqual([request.id]);
    expect((await reviewer.list({ agent: name, status: "pending" })).data).toEqual([]);
  });

  it("return at once from wait (bounded well below the wait asked for)", { timeout: 15_000 }, async () => {
    const created = await agent.create(singleSelect({ mode: "non_interactive", agent: { name: `headless-${uid()}` } }));
    const waited = await agent.wait(created.id, { timeoutMs: 60_000 });
    expect(waited.status).toBe("rejected");
    const polled = await agent.get(created.id, { wait: 60 });
    expect(polled.response).toEqual({ rejection: { code: "non_interactive", message: NON_INTERACTIVE } });
  });

  it("cannot be answered afterwards (terminal states never change)", async () => {
    const created = await agent.create(singleSelect({ mode: "non_interactive", agent: { name: `headless-${uid()}` } }));
    await expect(reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } })).rejects.toMatchObject({
      status: 409,
      problem: { type: "/problems/already-resolved" },
    });
    await expect(agent.cancel(created.id)).rejects.toMatchObject({ status: 409 });
    expect((await agent.get(created.id)).version).toBe(created.version);
  });

  it("still validate their questions (422, nothing recorded)", async () => {
    const name = `headless-${uid()}`;
    const bad = singleSelect({ mode: "non_interactive", agent: { name } });
    bad.questions[0]!.options = [{ label: "only one" }];
    await expect(agent.create(bad)).rejects.toMatchObject({ status: 422, problem: { type: "/problems/validation" } });
    expect((await agent.list({ agent: name })).data).toEqual([]);
  });
});

describe("a token whose policy is deny", () => {
  it("gets every interactive request back at once as rejected / policy_denied, recorded", { timeout: 15_000 }, async () => {
    const name = `denied-${uid()}`;
    const { status, request } = await denied.createRaw(singleSelect({ agent: { name } }));
    expect(status).toBe(201);
    expect(request.status).toBe("rejected");
    expect(request.mode).toBe("interactive");
    expect(request.response).toEqual({ rejection: { code: "policy_denied", message: expect.stringContaining("Proceed with your best judgement") } });

    expect(await denied.get(request.id)).toEqual(request);
    const waited = await denied.wait(request.id, { timeoutMs: 60_000 });
    expect(waited.status).toBe("rejected");
    // The team's reviewers see it in the record, not in their pending inbox.
    expect((await reviewer.list({ agent: name })).data.map((r) => [r.id, r.status])).toEqual([[request.id, "rejected"]]);
    expect((await reviewer.list({ agent: name, status: "pending" })).data).toEqual([]);
  });

  it("does not affect other tokens of the same team", async () => {
    const created = await agent.create(singleSelect({ agent: { name: `allowed-${uid()}` } }));
    expect(created.status).toBe("pending");
    await agent.cancel(created.id);
  });
});
