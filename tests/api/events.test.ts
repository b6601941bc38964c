// The event stream: durable ids, Last-Event-ID resume with no gap or duplicate, scoping.
import { describe, expect, it } from "vitest";
import type { QuestionEvent } from "@openoxide/questions-client";
import { clients, singleSelect, uid } from "../helpers/clients";
import { collect, newestEventId, subscribe } from "../helpers/events";

type Seen = QuestionEvent;

const { agent, reviewer, all, otherTeam, baseUrl, tokens } = clients();

describe("events", () => {
  it("streams created and answered events with increasing ids", async () => {
    const agentName = `events-${uid()}`;
    const from = await newestEventId();
    const created = await agent.create(singleSelect({ agent: { name: agentName } }));
    const stream = subscribe(all, { lastEventId: from });
    let got: Seen[];
    try {
      // The created event arrived: the stream is live for the reply.
      await stream.until((s) => s.some((e) => e.requestId === created.id), "the created event");
      await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
      got = await stream.until((s) => s.some((e) => e.type === "request.answered" && e.requestId === created.id), "the answered event");
    } finally {
      stream.close();
    }
    const seen = got.filter((e) => e.requestId === created.id);
    expect(seen.map((e) => e.type)).toEqual(["request.created", "request.answered"]);
    expect(seen[1]!.id).toBeGreaterThan(seen[0]!.id);
  });

  it("resumes after a dropped connection with no gap and no duplicate", async () => {
    const agentName = `resume-${uid()}`;
    const first = await agent.create(singleSelect({ agent: { name: agentName } }));
    // Find the id of our first event, then drop the connection.
    const before = await collect(all, { lastEventId: 0, reconnect: false }, (s) => s.some((e) => e.requestId === first.id));
    const resumeFrom = before.find((e) => e.requestId === first.id)!.id;
    // While nobody listens: more changes.
    const second = await agent.create(singleSelect({ agent: { name: agentName } }));
    await reviewer.reply(first.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    await reviewer.reject(second.id, "not now");
    const ours = new Set([first.id, second.id]);
    const after = await collect(all, { lastEventId: resumeFrom, reconnect: false }, (s) => s.filter((e) => ours.has(e.requestId)).length >= 3);
    const mine = after.filter((e) => ours.has(e.requestId));
    expect(mine.map((e) => [e.requestId, e.type])).toEqual([
      [second.id, "request.created"],
      [first.id, "request.answered"],
      [second.id, "request.rejected"],
    ]);
    const ids = after.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id > resumeFrom)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("an ask token sees only its own requests; another team sees none", async () => {
    const created = await all.create(singleSelect());
    const mine = await agent.create(singleSelect());
    // Replay is in id order: once the agent sees its own later request, it has passed the other.
    const agentSeen = await collect(agent, { lastEventId: 0, reconnect: false }, (s) => s.some((e) => e.requestId === mine.id), "the agent's own request");
    expect(agentSeen.filter((e) => e.requestId === mine.id).map((e) => e.type)).toEqual(["request.created"]);
    expect(agentSeen.some((e) => e.requestId === created.id)).toBe(false);
    const theirs = await otherTeam.create(singleSelect());
    const otherSeen = await collect(otherTeam, { lastEventId: 0, reconnect: false }, (s) => s.some((e) => e.requestId === theirs.id), "the other team's own request");
    expect(otherSeen.filter((e) => e.requestId === theirs.id).map((e) => e.type)).toEqual(["request.created"]);
    expect(otherSeen.some((e) => e.requestId === created.id || e.requestId === mine.id)).toBe(false);
  });

  it("sends SSE headers and replays from Last-Event-ID over raw HTTP", async () => {
    const created = await agent.create(singleSelect());
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/v1/events`, {
      headers: { authorization: `Bearer ${tokens.all}`, "last-event-id": "0" },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toContain("no-transform");
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes(created.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toMatch(/^retry: \d+/m);
    expect(text).toMatch(/^id: \d+$/m);
    expect(text).toContain("event: request.created");
  });

  it("rejects a malformed Last-Event-ID", async () => {
    const res = await fetch(`${baseUrl}/api/v1/events`, { headers: { authorization: `Bearer ${tokens.all}`, "last-event-id": "abc" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });
});
