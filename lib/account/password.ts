// A signed-in person changes their own password. The current one is required when one is set
// (a borrowed, unlocked session must not be enough to lock the owner out); an account made for
// single sign-on only sets its first password without it. The update is conditional on the hash
// that was verified, so two concurrent changes cannot both win.
import { z } from "zod";
import { hashPassword, verifyPassword } from "../auth/password";
import { db } from "../db/client";
import { AppError } from "../errors";
import { NewPassword } from "../invitations/schemas";

export const ChangePasswordBody = z
  .object({ currentPassword: z.string().max(1024).optional(), newPassword: NewPassword })
  .strict();
export type ChangePasswordInput = z.output<typeof ChangePasswordBody>;

export async function changePassword(userId: string, input: ChangePasswordInput): Promise<void> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  if (user.passwordHash && !(await verifyPassword(input.currentPassword ?? "", user.passwordHash))) {
    throw new AppError("validation", "The current password is not correct.", [{ path: "currentPassword", message: "not correct" }]);
  }
  const done = await db().user.updateMany({
    where: { id: userId, passwordHash: user.passwordHash },
    data: { passwordHash: await hashPassword(input.newPassword) },
  });
  if (done.count === 0) throw new AppError("conflict", "The password was changed meanwhile. Sign in again and retry.");
}

/** Whether the account has a password (else it signs in with SSO only). */
export async function hasPassword(userId: string): Promise<boolean> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return !!user?.passwordHash;
}
