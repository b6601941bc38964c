// Escalation: a request still pending after the team's (test-shortened) delay notifies the
// escalation list once, through the outbox, and is marked escalated; later sweeps do not notify
// again. Expiry gives the agent the team's message, always as a rejection.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { cliTeam } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { signIn, startReceiver, waitFor, type Receiver } from "./notify-helpers";

const dataDir = inject("dataDir");
const baseUrl = inject("baseUrl");
const receivers: Receiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

// One team (the CLI is slow under load); the tests run one after the other.
let t: Awaited<ReturnType<typeof cliTeam>> & { rx: Receiver; webhookId: string; ui: Awaited<ReturnType<typeof signIn>>; agent: QuestionsClient };
beforeAll(async () => {
  const team = await cliTeam(dataDir);
  const rx = await startReceiver();
  receivers.push(rx);
  const ui = await signIn(baseUrl, team.email, team.password);
  const hook = await ui("POST", `/api/ui/settings/teams/${team.teamId}/webhooks`, { url: `${rx.url}/escalations`, format: "json" });
  const { webhook } = (await hook.json()) as { webhook: { id: string } };
  t = { ...team, rx, webhookId: webhook.id, ui, agent: new QuestionsClient({ baseUrl, token: team.token }) };
}, 300_000);

const escalationsOf = (rx: Receiver, id: string) =>
  rx.received.filter((r) => r.json.type === "request.escalated" && (r.json.request as { id: string } | undefined)?.id === id);

describe("escalation", { timeout: 300_000 }, () => {
  it("notifies the list once after the delay and marks the request escalated", async () => {
    const saved = await t.ui("PUT", `/api/ui/settings/teams/${t.teamId}/escalation`, { escalateAfterSeconds: 2, emails: [t.email], webhookIds: [t.webhookId] });
    expect(saved.status).toBe(200);

    const first = await t.agent.create(singleSelect());
    expect(first.escalatedAt).toBeUndefined();
    const [delivery] = await waitFor("the escalation delivery", () => escalationsOf(t.rx, first.id).length > 0 && escalationsOf(t.rx, first.id));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(first.createdAt) + 2000);
    const request = (delivery!.json.request ?? {}) as { status: string; escalatedAt?: string };
    expect(request.status).toBe("pending");
    const marked = await t.agent.get(first.id);
    expect(marked.status).toBe("pending");
    expect(marked.escalatedAt).toBe(request.escalatedAt);
    expect(marked.version).toBe(first.version); // a reply with the version seen before still goes through

    // A later request escalates in a later sweep; by then the first must not have been notified again.
    const second = await t.agent.create(singleSelect());
    await waitFor("the second escalation", () => escalationsOf(t.rx, second.id).length > 0);
    expect(escalationsOf(t.rx, first.id)).toHaveLength(1);
    const events = await rawQuery<{ n: number }>(dataDir, `SELECT COUNT(*) AS n FROM "Event" WHERE "requestId" = ? AND "type" = 'request.escalated'`, [first.id]);
    expect(Number(events[0]!.n)).toBe(1);
    const audit = await rawQuery<{ actor: string }>(dataDir, `SELECT "actor" FROM "AuditEntry" WHERE "target" = ? AND "action" = 'request.escalated'`, [first.id]);
    expect(audit).toEqual([{ actor: "system" }]);

    // Answering an escalated request works as ever (with the version seen before the escalation).
    const answered = await t.agent.reply(first.id, { answers: { db: { selected: ["SQLite"] } } }, { ifMatch: first.version });
    expect(answered.status).toBe("answered");
  });

  it("on expiry the agent gets the team's message as a rejection; bad settings are refused naming the field", async () => {
    const bad = await t.ui("PUT", `/api/ui/settings/teams/${t.teamId}/escalation`, { escalateAfterSeconds: 60, emails: ["nobody@example.test"], webhookIds: [] });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("emails[0]");
    const zero = await t.ui("PUT", `/api/ui/settings/teams/${t.teamId}/escalation`, { escalateAfterSeconds: 0, emails: [], webhookIds: [] });
    expect(zero.status).toBe(422);
    const unchanged = (await (await t.ui("GET", `/api/ui/settings/teams/${t.teamId}/escalation`)).json()) as { escalateAfterSeconds: number | null };
    expect(unchanged.escalateAfterSeconds).toBe(2); // as the test before left it

    const message = "Nobody answered in time: do not proceed; ask in #ops.";
    expect((await t.ui("PUT", `/api/ui/settings/teams/${t.teamId}/escalation`, { escalateAfterSeconds: null, expiryMessage: message })).status).toBe(200);
    const created = await t.agent.create(singleSelect({ timeoutSeconds: 10 }));
    const done = await t.agent.wait(created.id, { timeoutMs: 30_000 });
    expect(done.status).toBe("expired");
    expect(done.response).toEqual({ rejection: { code: "expired", message } });
  });
});
