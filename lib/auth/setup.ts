// First-run setup: the first admin, created only while no user exists. The check and the insert
// are one conditional statement, so two concurrent setups cannot both create an admin.
import { databaseConfig } from "../db/config";
import { db } from "../db/client";
import { newId } from "../ids";
import { hashPassword, normaliseEmail } from "./password";

export const DEFAULT_TEAM = "default";

export async function needsSetup(): Promise<boolean> {
  return (await db().user.findFirst({ select: { id: true } })) === null;
}

/**
 * "created", or "exists" when any user already exists (then nothing is written). User, default
 * team and admin membership are one transaction: a failure half-way leaves no admin-less user
 * that would make setup "complete" with nobody able to sign in and administer.
 */
export async function createFirstAdmin(opts: { email: string; name: string | null; password: string }): Promise<"created" | "exists"> {
  const id = newId("user");
  const email = normaliseEmail(opts.email);
  const passwordHash = await hashPassword(opts.password);
  const client = db();
  const statements = [
    client.$executeRaw`INSERT INTO "User" ("id", "email", "name", "passwordHash")
      SELECT ${id}, ${email}, ${opts.name}, ${passwordHash} WHERE NOT EXISTS (SELECT 1 FROM "User")`,
    client.$executeRaw`INSERT INTO "Team" ("id", "slug", "name")
      SELECT ${newId("team")}, ${DEFAULT_TEAM}, 'Default' WHERE NOT EXISTS (SELECT 1 FROM "Team" WHERE "slug" = ${DEFAULT_TEAM})`,
    // Only when the first statement inserted our user.
    client.$executeRaw`INSERT INTO "Membership" ("userId", "teamId", "role")
      SELECT ${id}, t."id", 'admin' FROM "Team" t WHERE t."slug" = ${DEFAULT_TEAM} AND EXISTS (SELECT 1 FROM "User" u WHERE u."id" = ${id})`,
  ];
  // PostgreSQL (READ COMMITTED) would let two setups each see no user: serialise them on an
  // advisory lock, so the second runs after the first commits and finds its user.
  // $executeRaw, not $queryRaw: the lock function returns void, which a query cannot deserialise.
  const lock = databaseConfig().provider === "postgresql" ? [client.$executeRaw`SELECT pg_advisory_xact_lock(7261001)`] : [];
  const counts = await client.$transaction([...lock, ...statements]);
  return counts[lock.length] === 0 ? "exists" : "created";
}
