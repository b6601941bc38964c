// The same writes through Prisma, statement by statement: what create did before the fast insert,
// kept as the reference ./fast-insert.suite.ts compares the fast rows against.
import { db } from "../../lib/db/client";
import { eventWriteGuards } from "../../lib/db/provider";
import type { EventRow, PrismaPromise } from "../../lib/db/types";
import type { CreateWrite } from "../../lib/db/fast-insert/rows";

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
