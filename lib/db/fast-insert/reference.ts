// The same writes through Prisma, statement by statement: what create did before the fast insert,
// kept as the reference fast-insert.test.ts compares the fast rows against.
import { db } from "../client";
import { eventWriteGuards } from "../provider";
import type { EventRow, PrismaPromise } from "../types";
import type { CreateWrite } from "./rows";

export async function insertCreateWithPrisma(w: CreateWrite): Promise<EventRow> {
  const client = db();
  const guards = eventWriteGuards(client);
  const writes: PrismaPromise<unknown>[] = [
    ...guards.before,
    client.questionRequest.create({ data: w.request }),
    client.event.create({ data: w.event }),
    ...(w.deliveries.length ? [client.delivery.createMany({ data: w.deliveries })] : []),
    ...(w.idempotency ? [client.idempotencyRecord.create({ data: w.idempotency })] : []),
  ];
  const results = await client.$transaction([...writes, ...guards.after]);
  return results[guards.before.length + 1] as EventRow;
}
