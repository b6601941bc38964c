// The same writes through Prisma, statement by statement: what create (and a decision) did before
// the fast insert, kept as the reference ./fast-insert.suite.ts compares the fast rows against.
import { db } from "../../lib/db/client";
import { eventWriteGuards } from "../../lib/db/provider";
import type { EventRow, PrismaPromise } from "../../lib/db/types";
import type { CreateWrite } from "../../lib/db/fast-insert/rows";
import type { FastChange } from "../../lib/db/fast-insert";
import { auditInsert } from "../../lib/audit/append";

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

/** A decision's writes as changeRequest's Prisma batch makes them (lib/questions/request-writes.ts). */
export async function changeWithPrisma(c: FastChange): Promise<EventRow> {
  const client = db();
  const guards = eventWriteGuards(client, { deliveries: c.deliveries.length > 0 });
  const results = await client.$transaction([
    ...guards.before,
    client.questionRequest.update({ where: { id: c.id, status: "pending", version: c.version }, data: c.data }),
    client.event.create({ data: c.event }),
    ...(c.deliveries.length ? [client.delivery.createMany({ data: c.deliveries })] : []),
    auditInsert(client, c.audit),
    ...guards.after,
  ]);
  return results[guards.before.length + 1] as EventRow;
}
