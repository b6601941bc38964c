// Users: the CLI's create-or-update (how an operator also resets a password) and the settings
// page's find-or-create (which never touches an existing user's password).
import { hashPassword, normaliseEmail } from "../auth/password";
import { db, isUniqueViolation } from "../db/client";
import { AppError, validationError } from "../errors";
import { newId } from "../ids";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function parseEmail(value: string): string {
  const email = normaliseEmail(value);
  if (!EMAIL.test(email) || email.length > 254) throw validationError([{ path: "email", message: "must look like name@example.com" }], "email must look like name@example.com");
  return email;
}

export function checkPassword(password: string): void {
  if (!password) throw validationError([{ path: "password", message: "must not be empty" }], "password must not be empty");
  if (password.length > 1024) throw validationError([{ path: "password", message: "at most 1024 characters" }], "password must be at most 1024 characters");
}

/** Creates the user, or sets an existing user's password. */
export async function upsertUserPassword(opts: { email: string; password: string }): Promise<{ id: string; email: string; created: boolean }> {
  const email = parseEmail(opts.email);
  checkPassword(opts.password);
  const passwordHash = await hashPassword(opts.password);
  const id = newId("user");
  // One statement decides create vs update, so two concurrent runs cannot both create.
  const user = await db().user.upsert({ where: { email }, create: { id, email, passwordHash }, update: { passwordHash }, select: { id: true } });
  return { id: user.id, email, created: user.id === id };
}

/** The existing user with this email, or a new one with `password` (required then). */
export async function findOrCreateUser(input: { email: string; name?: string; password?: string }): Promise<{ id: string; email: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return { id: existing.id, email, created: false };
  if (!input.password) {
    throw new AppError("validation", "No user has this email yet: set an initial password.", [{ path: "password", message: "required for a new user" }]);
  }
  try {
    const user = await db().user.create({
      data: { id: newId("user"), email, name: input.name?.trim() || null, passwordHash: await hashPassword(input.password) },
      select: { id: true },
    });
    return { id: user.id, email, created: true };
  } catch (e) {
    // Created concurrently by someone else: that user it is.
    if (!isUniqueViolation(e)) throw e;
    const user = await db().user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    return { id: user.id, email, created: false };
  }
}
