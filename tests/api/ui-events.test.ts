// The browser's event stream, GET /api/ui/events (lib/http/endpoints/ui-events.ts, served by the
// realtime layer): only a signed-in user's session cookie opens it (no bearer token, not even the
// session's own token sent as one); it carries the events of the user's teams only, without
// answers or secret values; Last-Event-ID (header or query) resumes with no gap or duplicate.
// Its per-user cap and the end at a member's removal: tests/api/stream-limits.test.ts.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readSse, type SseMessage } from "@openoxide/questions-client";
import { clients, singleSelect, uid } from "../helpers/clients";
import { newSession, type Session } from "../helpers/session";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const { agent, reviewer, otherTeam, tokens } = clients();
let mine: Session;
let theirs: Session;

beforeAll(async () => {
  [mine, theirs] = await Promise.all([newSession(baseUrl, dataDir), newSession(baseUrl, dataDir, { team: "other" })]);
});

type Data = { id: number; type: string; requestId: string; team?: { slug: string }; request: { response: unknown } };

/** Opens the stream with `headers`; `until` reads messages until the condition holds. */
async function open(headers: Record<string, string>, query = "") {
  const ac = new AbortController();
  const res = await fetch(`${baseUrl}/api/ui/events${query}`, { headers, signal: ac.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const messages = readSse(res.body!, { signal: ac.signal })[Symbol.asyncIterator]();
  const seen: SseMessage[] = [];
  return {
    seen,
    data: () => seen.map((m) => JSON.parse(m.data) as Data),
    async until(cond: (data: Data[]) => boolean): Promise<Data[]> {
      while (!cond(this.data())) {
        const next = await messages.next();
        if (next.done) throw new Error(`stream ended; saw ${seen.length} events`);
        if (next.value.event !== "message") seen.push(next.value);
      }
      return this.data();
    },
    close: () => ac.abort(),
  };
}

const sessionJwt = (s: Session) => s.cookie.split("; ").find((c) => c.startsWith("next-auth.session-token="))!.split("=")[1]!;

describe("GET /api/ui/events", () => {
  it("refuses anything but a session cookie: 401 problem+json", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { cookie: "next-auth.session-token=not-a-token" },
      { authorization: `Bearer ${tokens.reviewer}` },
      // next-auth's getToken would take its own token from Authorization too: not here.
      { authorization: `Bearer ${sessionJwt(mine)}` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${baseUrl}/api/ui/events`, { headers });
      expect(res.status, JSON.stringify(Object.keys(headers))).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(await res.json()).toMatchObject({ status: 401, detail: "Sign in first." });
    }
  });

  it("carries the user's teams' events only, without answers or secret values", async () => {
    const stream = await open({ cookie: mine.cookie });
    try {
      const hidden = await otherTeam.create(singleSelect());
      const note = `note-${uid()}`;
      const created = await agent.create(singleSelect());
      await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"], note } } });
      const secret = `sk-${uid()}${uid()}`;
      const asked = await agent.create({ source: "internal", agent: { name: "secrets", sessionId: uid() }, questions: [{ id: "key", header: "Key", prompt: "Paste it", kind: "freeform", secret: true }] });
      await reviewer.reply(asked.id, { answers: { key: { text: secret } } });
      const data = await stream.until((d) => d.some((e) => e.requestId === asked.id && e.type === "request.answered"));
      expect(data.filter((e) => e.requestId === created.id).map((e) => e.type)).toEqual(["request.created", "request.answered"]);
      const answered = data.find((e) => e.requestId === created.id && e.type === "request.answered")!;
      expect(answered.team).toMatchObject({ slug: "default" });
      expect(answered.request.response).toEqual({ answers: {} });
      expect(data.some((e) => e.requestId === hidden.id)).toBe(false);
      const text = stream.seen.map((m) => m.data).join("\n");
      expect(text).not.toContain(note);
      expect(text).not.toContain(secret);
    } finally {
      stream.close();
    }
    // The other team's reviewer sees its own team's request, and not ours.
    const other = await open({ cookie: theirs.cookie }, "?lastEventId=0");
    try {
      const latest = await otherTeam.create(singleSelect());
      const data = await other.until((d) => d.some((e) => e.requestId === latest.id));
      expect(data.every((e) => e.team?.slug === "other")).toBe(true);
    } finally {
      other.close();
    }
  });

  it("resumes after Last-Event-ID (header or query) with no gap or duplicate", async () => {
    const first = await agent.create(singleSelect());
    const probe = await open({ cookie: mine.cookie }, "?lastEventId=0");
    const from = (await probe.until((d) => d.some((e) => e.requestId === first.id))).find((e) => e.requestId === first.id)!.id;
    probe.close();
    const second = await agent.create(singleSelect());
    await reviewer.reject(first.id, "not now");
    const ours = new Set([first.id, second.id]);
    for (const [headers, query] of [[{ cookie: mine.cookie, "last-event-id": String(from) }, ""], [{ cookie: mine.cookie }, `?lastEventId=${from}`]] as const) {
      const resumed = await open(headers, query);
      try {
        const data = await resumed.until((d) => d.filter((e) => ours.has(e.requestId)).length >= 2);
        expect(data.filter((e) => ours.has(e.requestId)).map((e) => [e.requestId, e.type])).toEqual([
          [second.id, "request.created"],
          [first.id, "request.rejected"],
        ]);
        expect(data.every((e) => e.id > from)).toBe(true);
        expect(new Set(data.map((e) => e.id)).size).toBe(data.length);
      } finally {
        resumed.close();
      }
    }
  });

  it("answers a malformed Last-Event-ID with a problem naming it", async () => {
    const res = await fetch(`${baseUrl}/api/ui/events`, { headers: { cookie: mine.cookie, "last-event-id": "x1" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ path: "Last-Event-ID" }] });
  });
});
