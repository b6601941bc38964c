// Idempotency-Key on create (SPEC §3): same key + same body from the same token → the same
// request (one row); a different body → 422; another token's key space is its own.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { CreateRequestInput } from "@/lib/questions/schemas";
import { clients, uid } from "../helpers/clients";

const { agent, all } = clients();

const key = () => `idem-${randomUUID()}`;

function body(agentName: string, overrides: Partial<CreateRequestInput> = {}): CreateRequestInput {
  return {
    title: "Which queue?",
    agent: { name: agentName, sessionId: "s1" },
    questions: [{ id: "queue", header: "Queue", prompt: "Which queue backend?", kind: "single_select", options: [{ label: "Redis" }, { label: "SQS" }] }],
    ...overrides,
  };
}

describe("Idempotency-Key", () => {
  it("replays the same request for the same key and body: 201, then 200 with replayed", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    const first = await agent.createRaw(body(name), { idempotencyKey: k });
    const second = await agent.createRaw(body(name), { idempotencyKey: k });
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    expect(second.status).toBe(200);
    expect(second.replayed).toBe(true);
    expect(second.request.id).toBe(first.request.id);
    expect(second.request).toEqual(first.request);

    const listed = await agent.list({ agent: name });
    expect(listed.data.map((r) => r.id)).toEqual([first.request.id]);
  });

  it("replays the current state of the request, not the state at creation", async () => {
    const { reviewer } = clients();
    const name = `idem-${uid()}`;
    const k = key();
    const first = await agent.createRaw(body(name), { idempotencyKey: k });
    await reviewer.reply(first.request.id, { answers: { queue: { selected: ["SQS"] } } });
    const again = await agent.createRaw(body(name), { idempotencyKey: k });
    expect(again).toMatchObject({ status: 200, replayed: true, request: { id: first.request.id, status: "answered", version: 2 } });
    expect((await agent.list({ agent: name })).data).toHaveLength(1);
  });

  it("without a key, the same body twice makes two requests", async () => {
    const name = `idem-${uid()}`;
    const a = await agent.createRaw(body(name));
    const b = await agent.createRaw(body(name));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.request.id).not.toBe(b.request.id);
    expect((await agent.list({ agent: name })).data).toHaveLength(2);
  });

  it("refuses the same key with a different body: 422 idempotency-mismatch, nothing created", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    await agent.create(body(name), { idempotencyKey: k });
    const err = await agent.create(body(name, { title: "Which queue, really?" }), { idempotencyKey: k }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, problem: { type: "/problems/idempotency-mismatch", status: 422 } });
    expect((await agent.list({ agent: name })).data).toHaveLength(1);
  });

  it("treats the same body in another key order as the same body", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    const question = { id: "queue", header: "Queue", prompt: "Which queue backend?", kind: "single_select" as const, options: [{ label: "Redis", description: "fast" }, { label: "SQS" }] };
    const forwards: CreateRequestInput = { title: "Order", agent: { name, sessionId: "s1" }, questions: [question] };
    const backwards = {
      questions: [{ options: [{ description: "fast", label: "Redis" }, { label: "SQS" }], kind: "single_select" as const, prompt: question.prompt, header: question.header, id: question.id }],
      agent: { sessionId: "s1", name },
      title: "Order",
    } satisfies CreateRequestInput;
    expect(JSON.stringify(backwards)).not.toBe(JSON.stringify(forwards));
    const a = await agent.createRaw(forwards, { idempotencyKey: k });
    const b = await agent.createRaw(backwards, { idempotencyKey: k });
    expect(a.status).toBe(201);
    expect(b).toMatchObject({ status: 200, replayed: true });
    expect(b.request.id).toBe(a.request.id);
    expect((await agent.list({ agent: name })).data).toHaveLength(1);
  });

  it("keeps option order significant: reordered options are a different body", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    await agent.create(body(name), { idempotencyKey: k });
    const reordered = body(name, {
      questions: [{ id: "queue", header: "Queue", prompt: "Which queue backend?", kind: "single_select", options: [{ label: "SQS" }, { label: "Redis" }] }],
    });
    await expect(agent.create(reordered, { idempotencyKey: k })).rejects.toMatchObject({ status: 422, problem: { type: "/problems/idempotency-mismatch" } });
  });

  it("scopes keys to the token: the same key from another token is a different request", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    const mine = await agent.createRaw(body(name), { idempotencyKey: k });
    const theirs = await all.createRaw(body(name), { idempotencyKey: k });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.replayed).toBe(false);
    expect(theirs.request.id).not.toBe(mine.request.id);
    // `all` can read the team's requests: both rows exist.
    expect((await all.list({ agent: name })).data.map((r) => r.id).sort()).toEqual([mine.request.id, theirs.request.id].sort());
  });

  it("10 parallel creates with one key make exactly one request: one 201, nine 200", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    const results = await Promise.all(Array.from({ length: 10 }, () => agent.createRaw(body(name), { idempotencyKey: k })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.request.id)).size).toBe(1);
    expect(results.filter((r) => r.replayed)).toHaveLength(9);
    expect((await agent.list({ agent: name })).data).toHaveLength(1);
  });

  it("applies to immediately rejected (non-interactive) requests too", async () => {
    const name = `idem-${uid()}`;
    const k = key();
    const a = await agent.createRaw(body(name, { mode: "non_interactive" }), { idempotencyKey: k });
    const b = await agent.createRaw(body(name, { mode: "non_interactive" }), { idempotencyKey: k });
    expect(a).toMatchObject({ status: 201, request: { status: "rejected" } });
    expect(b).toMatchObject({ status: 200, replayed: true, request: { id: a.request.id } });
    expect((await agent.list({ agent: name })).data).toHaveLength(1);
  });
});
