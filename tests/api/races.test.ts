// Check-then-write races, each made atomic: two concurrent demotions (or removals) of a team's
// two admins, and two creations of one team.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { rawQuery } from "../helpers/raw-db";
import { runAdmin } from "../helpers/cli";
import { signIn } from "../helpers/session";
import { uid } from "../helpers/clients";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

type Admin = { email: string; cookie: string; userId: string };

async function call(who: Admin, method: string, path: string, body?: unknown): Promise<number> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: who.cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  await res.arrayBuffer();
  return res.status;
}

async function admins(teamId: string): Promise<string[]> {
  const rows = await rawQuery<{ userId: string }>(dataDir, `SELECT "userId" FROM "Membership" WHERE "teamId" = ? AND "role" = 'admin'`, [teamId]);
  return rows.map((r) => r.userId);
}

describe("the last-admin rule under concurrency", () => {
  let teamId = "";
  let a: Admin;
  let b: Admin;

  beforeAll(async () => {
    const slug = `race-${uid()}`;
    expect((await runAdmin(dataDir, ["team", "create", slug])).code).toBe(0);
    const make = async (): Promise<Admin> => {
      const email = `admin-${uid()}@example.test`;
      const password = `pw-${uid()}-${uid()}`;
      const r = await runAdmin(dataDir, ["user", "create", email, "--password", password, "--team", slug, "--role", "admin"]);
      expect(r.code, r.stderr).toBe(0);
      const userId = /\(id (user_[^)]+)\)/.exec(r.stdout)?.[1] ?? "";
      return { email, cookie: await signIn(baseUrl, email, password), userId };
    };
    [a, b] = [await make(), await make()];
    teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT "id" FROM "Team" WHERE "slug" = ?`, [slug]))[0]!.id;
  });

  it("two admins demoting each other at once: exactly one wins, the team keeps an admin", async () => {
    for (let round = 0; round < 6; round++) {
      const statuses = await Promise.all([
        call(a, "PATCH", `/api/ui/settings/teams/${teamId}/members/${b.userId}`, { role: "reviewer" }),
        call(b, "PATCH", `/api/ui/settings/teams/${teamId}/members/${a.userId}`, { role: "reviewer" }),
      ]);
      const left = await admins(teamId);
      expect(left, `round ${round}: ${statuses}`).toHaveLength(1);
      expect(statuses.filter((s) => s === 200), `round ${round}`).toHaveLength(1);
      // The one still admin promotes the other back for the next round.
      const [winner, loser] = left[0] === a.userId ? [a, b] : [b, a];
      expect(await call(winner, "PATCH", `/api/ui/settings/teams/${teamId}/members/${loser.userId}`, { role: "admin" })).toBe(200);
    }
  });

  it("two admins removing each other at once: the team keeps an admin", async () => {
    const statuses = await Promise.all([
      call(a, "DELETE", `/api/ui/settings/teams/${teamId}/members/${b.userId}`),
      call(b, "DELETE", `/api/ui/settings/teams/${teamId}/members/${a.userId}`),
    ]);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(await admins(teamId)).toHaveLength(1);
  });
});

describe("team creation under concurrency", () => {
  it("the same slug twice at once: one 201, one 409, and the team has its creator as admin", async () => {
    const slug = `twice-${uid()}`;
    const email = `creator-${uid()}@example.test`;
    const password = `pw-${uid()}-${uid()}`;
    expect((await runAdmin(dataDir, ["user", "create", email, "--password", password, "--team", "default", "--role", "admin"])).code).toBe(0);
    const me: Admin = { email, cookie: await signIn(baseUrl, email, password), userId: "" };
    const statuses = await Promise.all([0, 1, 2].map(() => call(me, "POST", "/api/ui/settings/teams", { slug })));
    expect(statuses.sort()).toEqual([201, 409, 409]);
    const rows = await rawQuery<{ role: string }>(dataDir, `SELECT m."role" FROM "Membership" m JOIN "Team" t ON t."id" = m."teamId" WHERE t."slug" = ?`, [slug]);
    expect(rows.map((r) => r.role)).toEqual(["admin"]);
  });
});
