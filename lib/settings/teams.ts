// Teams for the settings page: question policy, and new teams (their creator becomes admin).
import { createTeam } from "../admin/commands";
import { db } from "../db/client";
import { asValidation } from "./access";

export type Policy = "allow" | "deny";

export async function teamPolicy(teamId: string): Promise<Policy> {
  const team = await db().team.findUniqueOrThrow({ where: { id: teamId }, select: { policy: true } });
  return team.policy === "deny" ? "deny" : "allow";
}

export async function setTeamPolicy(teamId: string, policy: Policy): Promise<void> {
  await db().team.update({ where: { id: teamId }, data: { policy } });
}

export async function createTeamAsAdmin(userId: string, input: { slug: string; name?: string }) {
  const team = await asValidation(() => createTeam({ slug: input.slug, name: input.name || undefined }), "slug");
  await db().membership.create({ data: { userId, teamId: team.id, role: "admin" } });
  return team;
}
