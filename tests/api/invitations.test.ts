// Invitations through the real accept route on the suite's server and database: a link works once
// even when raced, expired / withdrawn / unknown links change nothing, bad input names the field,
// and a cross-site post is refused.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { closeDb, db } from "@/lib/db/client";
import { createInvitation, INVITATION_TTL_MS, listInvitations, revokeInvitation } from "@/lib/invitations/invitations";
import { dbEnv } from "../helpers/server";
import { uid } from "../helpers/clients";

Object.assign(process.env, dbEnv(inject("dataDir")));
const baseUrl = inject("baseUrl");
const origin = new URL(baseUrl).origin;

let teamId = "";
let adminId = "";

function accept(body: unknown, headers: Record<string, string> = { origin }) {
  return fetch(`${baseUrl}/api/ui/invitations/accept`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function invite(role: "reviewer" | "lead" | "admin" = "reviewer", now?: Date) {
  const email = `invited-${uid()}@example.test`;
  const { invitation, token } = await createInvitation({ teamId, email, role, createdBy: adminId, now }, { actor: "test" });
  return { email, token, invitation };
}

const userCount = (email: string) => db().user.count({ where: { email } });

beforeAll(async () => {
  teamId = (await db().team.findUniqueOrThrow({ where: { slug: "default" } })).id;
  adminId = `user_admin_${uid()}`;
});

afterAll(async () => {
  await closeDb();
});

describe("accepting an invitation", () => {
  it("creates the account with the person's own password and the invited role", async () => {
    const { email, token } = await invite("lead");
    const res = await accept({ token, name: "Ada", password: "a-long-password" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email });
    const user = await db().user.findUniqueOrThrow({ where: { email }, select: { id: true, name: true, passwordHash: true, memberships: { select: { teamId: true, role: true } } } });
    expect(user.name).toBe("Ada");
    expect(await verifyPassword("a-long-password", user.passwordHash)).toBe(true);
    expect(user.memberships).toEqual([{ teamId, role: "lead" }]);
    expect((await listInvitations(teamId)).map((i) => i.email)).not.toContain(email);
  });

  it("works once under concurrency: one 201, the rest 409, one account", async () => {
    const { email, token } = await invite();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => accept({ token, password: `password-number-${i}` })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.headers.get("content-type")).toContain("application/problem+json");
    expect(await userCount(email)).toBe(1);
    const again = await accept({ token, password: "yet-another-password" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/already been used/);
  });

  it("refuses an expired, a withdrawn or an unknown link and creates nothing", async () => {
    const expired = await invite("reviewer", new Date(Date.now() - INVITATION_TTL_MS - 60_000));
    expect((await listInvitations(teamId)).find((i) => i.email === expired.email)?.state).toBe("expired");
    const r1 = await accept({ token: expired.token, password: "a-long-password" });
    expect(r1.status).toBe(409);
    expect(((await r1.json()) as { detail: string }).detail).toMatch(/expired/);
    expect(await userCount(expired.email)).toBe(0);

    const withdrawn = await invite();
    await revokeInvitation(teamId, withdrawn.invitation.id, { actor: "test" });
    const r2 = await accept({ token: withdrawn.token, password: "a-long-password" });
    expect(r2.status).toBe(409);
    expect(((await r2.json()) as { detail: string }).detail).toMatch(/withdrawn/);
    expect(await userCount(withdrawn.email)).toBe(0);
    await expect(revokeInvitation(teamId, withdrawn.invitation.id, { actor: "test" })).rejects.toMatchObject({ code: "not_found" });

    const r3 = await accept({ token: `oqi_${"A".repeat(32)}`, password: "a-long-password" });
    expect(r3.status).toBe(404);
  });

  it("names the field on bad input and leaves the invitation usable", async () => {
    const { email, token } = await invite();
    for (const [body, path] of [
      [{ token, password: "short" }, "password"],
      [{ token }, "password"],
      [{ token, password: "a-long-password", role: "admin" }, "(body)"],
    ] as const) {
      const res = await accept(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const problem = (await res.json()) as { errors: { path: string }[] };
      expect(problem.errors.map((e) => e.path)).toContain(path);
    }
    expect(await userCount(email)).toBe(0);
    expect((await accept({ token, sso: true })).status).toBe(422); // no SSO provider configured here
    expect((await accept({ token, password: "a-long-password" })).status).toBe(201);
  });

  it("refuses a cross-site or form post", async () => {
    const { email, token } = await invite();
    expect((await accept({ token, password: "a-long-password" }, {})).status).toBe(403);
    expect((await accept({ token, password: "a-long-password" }, { origin: "https://evil.example" })).status).toBe(403);
    const form = await fetch(`${baseUrl}/api/ui/invitations/accept`, { method: "POST", headers: { origin, "content-type": "text/plain" }, body: JSON.stringify({ token, password: "a-long-password" }) });
    expect(form.status).toBe(415);
    expect(await userCount(email)).toBe(0);
  });
});
