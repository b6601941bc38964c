// Per-user mail opt-out. Checked when the deliveries are written and again before each send.
import { db, isUniqueViolation } from "../db/client";

export async function setEmailOptOut(userId: string, optOut: boolean): Promise<void> {
  if (!optOut) {
    await db().emailOptOut.deleteMany({ where: { userId } });
    return;
  }
  await db()
    .emailOptOut.create({ data: { userId } })
    .catch((e) => {
      if (!isUniqueViolation(e)) throw e;
    });
}

export async function emailEnabled(userId: string): Promise<boolean> {
  return !(await db().emailOptOut.findUnique({ where: { userId } }));
}
