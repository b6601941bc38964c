// The audit trail: decisions and settings changes are appended in their own transaction, the
// chain verifies with the admin CLI, and editing or deleting one row makes verify fail naming it.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { cliTeam, runAdmin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { signIn } from "./notify-helpers";

const dataDir = inject("dataDir");
const baseUrl = inject("baseUrl");

type Row = { id: string; seq: number; actor: string; address: string | null; action: string; target: string | null; data: string };
const entries = (teamId: string) =>
  rawQuery<Row>(dataDir, `SELECT "id", "seq", "actor", "address", "action", "target", "data" FROM "AuditEntry" WHERE "teamId" = ? ORDER BY "seq"`, [teamId]);

// One admin made with the (slow) CLI; further teams through Settings, where that admin creates them.
let base: Awaited<ReturnType<typeof cliTeam>>;
let ui: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  base = await cliTeam(dataDir);
  ui = await signIn(baseUrl, base.email, base.password);
}, 300_000);

async function freshTeam() {
  const created = await ui("POST", "/api/ui/settings/teams", { slug: `a-${uid()}` });
  const team = (await created.json()) as { id: string; slug: string };
  const t = await ui("POST", `/api/ui/settings/teams/${team.id}/tokens`, { name: "agent", scopes: ["ask", "answer", "read"] });
  const { token } = (await t.json()) as { token: string };
  return { slug: team.slug, teamId: team.id, token, email: base.email };
}

async function teamWithDecisions() {
  const team = await freshTeam();
  const agent = new QuestionsClient({ baseUrl, token: team.token });
  const a = await agent.create(singleSelect());
  await agent.reply(a.id, { answers: { db: { selected: ["SQLite"] } } });
  const b = await agent.create(singleSelect());
  await agent.reject(b.id, "not now");
  const c = await agent.create(singleSelect());
  await agent.cancel(c.id);
  return { ...team, ids: [a.id, b.id, c.id] };
}

describe("audit trail", { timeout: 300_000 }, () => {
  it("records each decision with who, what and from where, chained; verify passes", async () => {
    const team = await teamWithDecisions();
    const rows = await entries(team.teamId);
    const decisions = rows.filter((r) => r.action.startsWith("request."));
    expect(decisions.map((r) => [r.action, r.target])).toEqual([
      ["request.answered", team.ids[0]],
      ["request.rejected", team.ids[1]],
      ["request.cancelled", team.ids[2]],
    ]);
    expect(decisions.every((r) => r.actor === "token:agent" && r.address === "127.0.0.1")).toBe(true);
    expect(rows[0]!.action).toBe("team.created");
    expect(rows[0]!.actor).toBe(base.email);
    expect(JSON.parse(decisions[0]!.data).details.response).toEqual({ answers: { db: expect.objectContaining({ selected: ["SQLite"] }) } });
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));

    const ok = await runAdmin(dataDir, ["audit", "verify", "--team", team.slug]);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`team ${team.slug}: ${rows.length} entries, chain intact`);
  });

  it("an edited row makes verify fail naming it", async () => {
    const team = await teamWithDecisions();
    const rows = await entries(team.teamId);
    const victim = rows.find((r) => r.action === "request.rejected")!;
    await rawQuery(dataDir, `UPDATE "AuditEntry" SET "data" = ? WHERE "id" = ?`, [victim.data.replace("not now", "approved"), victim.id]);
    const r = await runAdmin(dataDir, ["audit", "verify", "--team", team.slug]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`team ${team.slug}: entry #${victim.seq} (${victim.id})`);
  });

  it("a listed column changed alone (the actor) makes verify fail naming it", async () => {
    const team2 = await teamWithDecisions();
    const other = (await entries(team2.teamId)).find((x) => x.action === "request.answered")!;
    await rawQuery(dataDir, `UPDATE "AuditEntry" SET "actor" = ? WHERE "id" = ?`, ["someone-else", other.id]);
    const r2 = await runAdmin(dataDir, ["audit", "verify", "--team", team2.slug]);
    expect(r2.code).toBe(3);
    expect(r2.stderr).toContain(`entry #${other.seq} (${other.id})`);
  });

  it("a deleted row makes verify fail naming the gap", async () => {
    const team = await teamWithDecisions();
    const rows = await entries(team.teamId);
    const victim = rows.find((r) => r.action === "request.rejected")!;
    const next = rows.find((r) => r.seq === victim.seq + 1)!;
    await rawQuery(dataDir, `DELETE FROM "AuditEntry" WHERE "id" = ?`, [victim.id]);
    const r = await runAdmin(dataDir, ["audit", "verify", "--team", team.slug]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`team ${team.slug}: entry #${next.seq} (${next.id}) follows #${victim.seq - 1}: entry #${victim.seq} is missing`);
  });
});

describe("audit trail: settings and secrets", () => {
  it("records token, webhook, member and settings changes, and never a secret", { timeout: 300_000 }, async () => {
    const team = await freshTeam();
    const token = await ui("POST", `/api/ui/settings/teams/${team.teamId}/tokens`, { name: "ci", scopes: ["ask"] });
    const { token: plaintext } = (await token.json()) as { token: string };
    const hook = await ui("POST", `/api/ui/settings/teams/${team.teamId}/webhooks`, { url: "https://hooks.slack.example/services/T000/B000/secretpath", format: "slack" });
    const { secret: signing } = (await hook.json()) as { secret: string };
    const cb = await ui("POST", `/api/ui/settings/teams/${team.teamId}/callback-secret`, {});
    const { secret: callbackSecret } = (await cb.json()) as { secret: string };
    expect((await ui("PATCH", `/api/ui/settings/teams/${team.teamId}`, { policy: "allow" })).status).toBe(200);
    const agent = new QuestionsClient({ baseUrl, token: team.token });
    const secretValue = `hunter2-${uid()}`;
    const asked = await agent.create({
      source: "internal",
      agent: { name: "secrets", sessionId: uid() },
      questions: [{ id: "key", header: "Key", prompt: "Paste the key", kind: "freeform", secret: true }],
    });
    await agent.reply(asked.id, { answers: { key: { text: secretValue } } });

    const rows = await entries(team.teamId);
    const actions = rows.map((r) => r.action);
    for (const a of ["team.created", "token.created", "webhook.created", "settings.callback_secret_rotated", "settings.policy", "request.answered"]) expect(actions).toContain(a);
    expect(rows.filter((r) => r.action === "token.created").at(-1)!.actor).toBe(team.email);
    const all = JSON.stringify(rows);
    for (const secret of [plaintext, signing, callbackSecret, secretValue, "secretpath", team.token]) expect(all).not.toContain(secret);
    expect(all).toContain("hooks.slack.example/services/…"); // the webhook URL, masked

    // The UI lists the trail to the team's admin, newest first, and exports it.
    const page = (await (await ui("GET", `/api/ui/settings/teams/${team.teamId}/audit`)).json()) as { data: { seq: number; action: string }[] };
    expect(page.data[0]!.seq).toBe(rows.at(-1)!.seq);
    const csv = await (await ui("GET", `/api/ui/settings/teams/${team.teamId}/audit/export`)).text();
    expect(csv.split("\n")[0]).toBe("seq,id,at,actor,address,action,target,details");
    expect(csv).toContain("token.created");
    for (const secret of [plaintext, signing, callbackSecret, secretValue]) expect(csv).not.toContain(secret);
    expect((await runAdmin(dataDir, ["audit", "verify", "--team", team.slug])).code).toBe(0);
  });
});
