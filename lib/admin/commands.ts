// The admin CLI's operations (SPEC §5): the domain functions (lib/teams, lib/users) with their
// input errors turned into AdminError, which the CLI reports as one line (exit 2).
import { existsSync } from "node:fs";
import { ROLES, type Role } from "../auth/roles";
import type { Scope } from "../auth/tokens";
import { db } from "../db/client";
import { databaseConfig } from "../db/config";
import { AppError } from "../errors";
import type { AuditWho } from "../audit/entry";
import { auditWrites } from "../audit/append";
import { invalidate } from "../cache/invalidate";
import { teamMembersTag } from "../cache/tags";
import { keyRing } from "../secrets/keys";
import { purge, rotateKeys } from "../secrets/store";
import * as teams from "../teams/teams";
import * as tokens from "../teams/tokens";
import { checkPassword, parseEmail, upsertUserPassword } from "../users/users";

/** Who the audit trail names for the CLI's changes: the operator at the machine (no address). */
export const CLI: AuditWho = { actor: "cli", address: null };

/** A mistake in the operator's input: reported as one line, never with a stack trace. */
export class AdminError extends Error {}

/** A command of the CLI's tables that live beside their domain (webhook, rule). */
export type CliCommand = {
  args: string[];
  options: Record<string, { type: "string" }>;
  required?: string[];
  run: (args: string[], values: Record<string, string | undefined>) => Promise<string[]>;
};

/** The id of the team with this slug; an AdminError naming it when there is none. */
export async function teamIdBySlug(slug: string): Promise<string> {
  const team = await db().team.findUnique({ where: { slug }, select: { id: true } });
  if (!team) throw new AdminError(`unknown team "${slug}"`);
  return team.id;
}

export { ROLES, type Role };
export { POLICIES, type Policy } from "../teams/teams";

const NOT_MIGRATED = "database not migrated: run npm start (or npm run prepare-db) first";
/** Fails with a clear message when the schema is missing, instead of a Prisma error later. */
export async function ensureMigrated(): Promise<void> {
  const cfg = databaseConfig();
  // Opening a missing SQLite file would create an empty one; do not leave that behind.
  if (cfg.provider === "sqlite" && !existsSync(cfg.file)) throw new AdminError(NOT_MIGRATED);
  try {
    await db().team.findFirst({ select: { id: true } });
  } catch (e) {
    // P2021: table does not exist.
    if (typeof e === "object" && e !== null && (e as { code?: string }).code === "P2021") {
      throw new AdminError(NOT_MIGRATED);
    }
    throw e;
  }
}

/** Input errors (4xx) of a domain call become AdminError with the same message. */
export async function cli<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && e.status < 500) throw new AdminError(e.detail ?? e.message);
    throw e;
  }
}

export function createTeam(opts: { slug: string; name?: string }): Promise<{ id: string; slug: string; name: string }> {
  return cli(() => teams.createTeam(opts, CLI));
}

export function createUser(opts: { email: string; password: string; teamSlug: string; role: string }): Promise<{ id: string; email: string; team: string; role: Role; created: boolean }> {
  return cli(async () => {
    parseEmail(opts.email);
    checkPassword(opts.password);
    const role = parseRole(opts.role);
    const team = await teams.teamBySlug(opts.teamSlug);
    // An existing user gets the given password and the membership added or its role changed:
    // the CLI is also how an operator recovers a lost admin password.
    const user = await upsertUserPassword({ email: opts.email, password: opts.password });
    const where = { userId_teamId: { userId: user.id, teamId: team.id } };
    const existed = await db().membership.findUnique({ where, select: { role: true } });
    await db().$transaction([
      db().membership.upsert({ where, create: { userId: user.id, teamId: team.id, role }, update: { role } }),
      ...auditWrites(db(), {
        ...CLI,
        teamId: team.id,
        action: existed ? "member.role_changed" : "member.added",
        target: user.id,
        details: { email: user.email, role },
      }),
    ]);
    if (!existed) await invalidate([teamMembersTag(team.id)]);
    return { id: user.id, email: user.email, team: team.slug, role, created: user.created };
  });
}

export function createToken(opts: { teamSlug: string; name: string; scopes: string; policy?: string }): Promise<{ id: string; token: string; team: string; name: string; scopes: Scope[]; policy: teams.Policy }> {
  return cli(async () => {
    // Validate the input before the look-up, so a bad scope is reported even for a typo'd team.
    tokens.validateTokenInput(opts);
    return tokens.createToken(await teams.teamBySlug(opts.teamSlug), opts, CLI);
  });
}

/** Revokes by id (`tok_…`) or by the token itself (`oqt_…`). Revoking twice keeps the first time. */
export function revokeToken(idOrToken: string): Promise<tokens.Revoked> {
  return cli(() => tokens.revokeToken(idOrToken, CLI));
}

/** New active key (file keys) and every stored secret re-encrypted with the active key. */
export async function rotate(): Promise<{ activeKey: string; reencrypted: number; unreadable: number; source: "env" | "file" }> {
  const result = await rotateKeys();
  return { ...result, source: keyRing().source };
}

export async function purgeNow(): Promise<{ secrets: number; idempotencyRecords: number }> {
  return purge();
}

function parseRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value)) throw new AdminError(`role must be one of ${ROLES.join("|")}`);
  return value as Role;
}
