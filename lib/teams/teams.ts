// Teams: look-up by slug, creation (with its first admin, in one transaction), question policy.
import { invalidate } from "../cache/invalidate";
import { env } from "../config/env";
import { teamTag } from "../cache/tags";
import { db, isUniqueViolation } from "../db/client";
import { AppError, validationError } from "../errors";
import { newId } from "../ids";
import { auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";

export const TEAM_SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const POLICIES = ["allow", "deny"] as const;
export type Policy = (typeof POLICIES)[number];

export type TeamRef = { id: string; slug: string };

/** 404 naming the slug when no such team exists. */
export async function teamBySlug(slug: string): Promise<TeamRef> {
  const team = await db().team.findUnique({ where: { slug }, select: { id: true, slug: true } });
  if (!team) throw new AppError("not_found", `unknown team "${slug}"`, [{ path: "team", message: "no such team" }]);
  return team;
}

/** A required, trimmed text of at most `max` characters (422 naming `path` otherwise). */
export function requireText(value: string | undefined, what: string, max: number, path: string): string {
  const text = value?.trim() ?? "";
  if (!text) throw validationError([{ path, message: `${what} must not be empty` }], `${what} must not be empty`);
  if (text.length > max) throw validationError([{ path, message: `${what} must be at most ${max} characters` }], `${what} must be at most ${max} characters`);
  return text;
}

/**
 * A new team; with `adminUserId`, that user becomes its admin in the same transaction, so a team
 * never exists without its creator. A taken slug is a 409 (the unique index decides, not a read).
 */
export async function createTeam(opts: { slug: string; name?: string; adminUserId?: string }, who: AuditWho): Promise<{ id: string; slug: string; name: string }> {
  if (!TEAM_SLUG.test(opts.slug)) {
    const message = "team slug must match ^[a-z0-9][a-z0-9-]{0,39}$ (lower-case letters, digits, dashes)";
    throw validationError([{ path: "slug", message }], message);
  }
  const name = opts.name === undefined ? opts.slug : requireText(opts.name, "team name", 100, "name");
  const id = newId("team");
  const create = db().team.create({ data: { id, slug: opts.slug, name }, select: { id: true, slug: true, name: true } });
  // The team's chain starts with its creation.
  const audit = auditWrites(db(), { ...who, teamId: id, action: "team.created", target: id, details: { slug: opts.slug, name } });
  try {
    const admin = opts.adminUserId ? [db().membership.create({ data: { userId: opts.adminUserId, teamId: id, role: "admin" } })] : [];
    const [team] = await db().$transaction([create, ...admin, ...audit]);
    return team;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", `team "${opts.slug}" already exists`, [{ path: "slug", message: "already taken" }]);
    throw e;
  }
}

export function parsePolicy(value: string): Policy {
  if (!(POLICIES as readonly string[]).includes(value)) {
    const message = `policy must be one of ${POLICIES.join("|")}`;
    throw validationError([{ path: "policy", message }], message);
  }
  return value as Policy;
}

export async function teamPolicy(teamId: string): Promise<Policy> {
  const team = await db().team.findUniqueOrThrow({ where: { id: teamId }, select: { policy: true } });
  return team.policy === "deny" ? "deny" : "allow";
}

export async function setTeamPolicy(teamId: string, policy: Policy, who: AuditWho): Promise<void> {
  await db().$transaction([
    db().team.update({ where: { id: teamId }, data: { policy } }),
    ...auditWrites(db(), { ...who, teamId, action: "settings.policy", details: { policy } }),
  ]);
  await invalidate([teamTag(teamId)]);
}

/** The team's default expiry and the one in force (null: the server's DEFAULT_EXPIRES_SECONDS). */
export type DefaultExpiry = { seconds: number | null; effective: number };

export async function teamDefaultExpiry(teamId: string): Promise<DefaultExpiry> {
  const team = await db().team.findUniqueOrThrow({ where: { id: teamId }, select: { defaultExpiresSeconds: true } });
  return { seconds: team.defaultExpiresSeconds, effective: team.defaultExpiresSeconds ?? env().DEFAULT_EXPIRES_SECONDS };
}

export async function setTeamDefaultExpiry(teamId: string, seconds: number | null, who: AuditWho): Promise<DefaultExpiry> {
  await db().$transaction([
    db().team.update({ where: { id: teamId }, data: { defaultExpiresSeconds: seconds } }),
    ...auditWrites(db(), { ...who, teamId, action: "settings.default_expiry", details: { seconds } }),
  ]);
  // The principal carries it (lib/auth/authenticate.ts): drop the cached ones.
  await invalidate([teamTag(teamId)]);
  return { seconds, effective: seconds ?? env().DEFAULT_EXPIRES_SECONDS };
}
