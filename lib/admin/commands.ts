// The admin CLI's operations (SPEC §5), one function each, free of argument parsing and output
// formatting so they can be reused (e.g. by /setup) and read on their own.
import { existsSync } from "node:fs";
import { db, isUniqueViolation } from "../db/client";
import { databaseConfig } from "../db/config";
import { newId } from "../ids";
import { hashPassword, normaliseEmail } from "../auth/password";
import { generateToken, hashToken, isWellFormed, parseScopes, type Scope } from "../auth/tokens";
import { keyRing } from "../secrets/keys";
import { purge, rotateKeys } from "../secrets/store";

/** A mistake in the operator's input: reported as one line, never with a stack trace. */
export class AdminError extends Error {}

export const ROLES = ["reviewer", "lead", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const POLICIES = ["allow", "deny"] as const;
export type Policy = (typeof POLICIES)[number];

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
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

async function teamBySlug(slug: string): Promise<{ id: string; slug: string }> {
  const team = await db().team.findUnique({ where: { slug }, select: { id: true, slug: true } });
  if (!team) throw new AdminError(`unknown team "${slug}"`);
  return team;
}

function requireText(value: string | undefined, what: string, max: number): string {
  const text = value?.trim() ?? "";
  if (!text) throw new AdminError(`${what} must not be empty`);
  if (text.length > max) throw new AdminError(`${what} must be at most ${max} characters`);
  return text;
}

export async function createTeam(opts: { slug: string; name?: string }): Promise<{ id: string; slug: string; name: string }> {
  if (!SLUG.test(opts.slug)) {
    throw new AdminError("team slug must match ^[a-z0-9][a-z0-9-]{0,39}$ (lower-case letters, digits, dashes)");
  }
  const name = opts.name === undefined ? opts.slug : requireText(opts.name, "team name", 100);
  try {
    return await db().team.create({
      data: { id: newId("team"), slug: opts.slug, name },
      select: { id: true, slug: true, name: true },
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AdminError(`team "${opts.slug}" already exists`);
    throw e;
  }
}

export async function createUser(opts: {
  email: string;
  password: string;
  teamSlug: string;
  role: string;
}): Promise<{ id: string; email: string; team: string; role: Role; created: boolean }> {
  const email = normaliseEmail(opts.email);
  if (!EMAIL.test(email) || email.length > 254) throw new AdminError("email must look like name@example.com");
  if (!opts.password) throw new AdminError("password must not be empty");
  if (opts.password.length > 1024) throw new AdminError("password must be at most 1024 characters");
  const role = parseRole(opts.role);
  const team = await teamBySlug(opts.teamSlug);
  const passwordHash = await hashPassword(opts.password);

  // An existing user gets the given password and the membership added or its role changed:
  // the CLI is also how an operator recovers a lost admin password.
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  const user = existing
    ? await db().user.update({ where: { id: existing.id }, data: { passwordHash }, select: { id: true } })
    : await db().user.create({ data: { id: newId("user"), email, passwordHash }, select: { id: true } });
  await db().membership.upsert({
    where: { userId_teamId: { userId: user.id, teamId: team.id } },
    create: { userId: user.id, teamId: team.id, role },
    update: { role },
  });
  return { id: user.id, email, team: team.slug, role, created: !existing };
}

export async function createToken(opts: {
  teamSlug: string;
  name: string;
  scopes: string;
  policy?: string;
}): Promise<{ id: string; token: string; team: string; name: string; scopes: Scope[]; policy: Policy }> {
  const name = requireText(opts.name, "token name", 100);
  const scopes = parseScopesOrFail(opts.scopes);
  const policy = parsePolicy(opts.policy ?? "allow");
  const team = await teamBySlug(opts.teamSlug);
  const token = generateToken();
  const id = newId("tok");
  await db().apiToken.create({
    data: { id, teamId: team.id, name, hash: hashToken(token), hint: token.slice(-4), scopes: scopes.join(","), policy },
  });
  return { id, token, team: team.slug, name, scopes, policy };
}

/** Revokes by id (`tok_…`) or by the token itself (`oqt_…`). Revoking twice keeps the first time. */
export async function revokeToken(idOrToken: string): Promise<{ id: string; name: string; revokedAt: Date; alreadyRevoked: boolean }> {
  const ref = idOrToken.trim();
  let where: { id: string } | { hash: string };
  if (ref.startsWith("tok_")) where = { id: ref };
  else if (ref.startsWith("oqt_")) {
    if (!isWellFormed(ref)) throw new AdminError("not a valid token (wrong length or checksum)");
    where = { hash: hashToken(ref) };
  } else throw new AdminError("expected a token id (tok_…) or a token (oqt_…)");

  const row = await db().apiToken.findUnique({ where, select: { id: true, name: true, revokedAt: true } });
  // Never echo a full token back: it is a credential.
  if (!row) throw new AdminError(ref.startsWith("tok_") ? `unknown token id ${ref}` : "unknown token");
  if (row.revokedAt) return { id: row.id, name: row.name, revokedAt: row.revokedAt, alreadyRevoked: true };
  const revokedAt = new Date();
  const done = await db().apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt } });
  if (done.count === 0) {
    // Revoked concurrently: report the time that won.
    const now = await db().apiToken.findUniqueOrThrow({ where: { id: row.id }, select: { revokedAt: true } });
    return { id: row.id, name: row.name, revokedAt: now.revokedAt ?? revokedAt, alreadyRevoked: true };
  }
  return { id: row.id, name: row.name, revokedAt, alreadyRevoked: false };
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

function parsePolicy(value: string): Policy {
  if (!(POLICIES as readonly string[]).includes(value)) throw new AdminError(`policy must be one of ${POLICIES.join("|")}`);
  return value as Policy;
}

function parseScopesOrFail(value: string): Scope[] {
  try {
    return parseScopes(value);
  } catch (e) {
    throw new AdminError((e as Error).message);
  }
}
