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

/** "created", or "exists" when any user already exists (then nothing is written). */
export async function createFirstAdmin(opts: { email: string; name: string | null; password: string }): Promise<"created" | "exists"> {
  const id = newId("user");
  const email = normaliseEmail(opts.email);
  const passwordHash = await hashPassword(opts.password);
  const insert = db().$executeRaw`INSERT INTO "User" ("id", "email", "name", "passwordHash")
    SELECT ${id}, ${email}, ${opts.name}, ${passwordHash} WHERE NOT EXISTS (SELECT 1 FROM "User")`;
  let inserted: number;
  if (databaseConfig().provider === "postgresql") {
    // READ COMMITTED sees no uncommitted rows: serialise concurrent setups on an advisory lock,
    // so the second statement runs after the first commits and finds its user.
    const [, count] = await db().$transaction([db().$queryRaw`SELECT pg_advisory_xact_lock(7261001)`, insert]);
    inserted = count;
  } else {
    inserted = await insert;
  }
  if (inserted === 0) return "exists";
  const team = await db().team.upsert({
    where: { slug: DEFAULT_TEAM },
    create: { id: newId("team"), slug: DEFAULT_TEAM, name: "Default" },
    update: {},
    select: { id: true },
  });
  await db().membership.create({ data: { userId: id, teamId: team.id, role: "admin" } });
  return "created";
}
