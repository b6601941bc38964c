// Every write of an Event row (docs/decisions.md "One writer per row"), except the create's, which
// the fast insert (lib/db/fast-insert) writes column for column as Prisma would. The log is
// append-only: a row is added in the transaction of the change it reports, after the event lock
// (lib/db/provider.ts eventWriteGuards), and only retention deletes, oldest first.
import { db, type Db } from "../db/client";
import type { EventInsert } from "../db/fast-insert/rows";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import type { EventRow, PrismaPromise } from "../db/types";

export type { EventInsert } from "../db/fast-insert/rows";

/** The event of a change of request `r`, reporting `payload` (the public view: never a secret value). */
export function requestEvent(r: { id: string; teamId: string; tokenId: string | null }, type: string, payload: string, at: Date): EventInsert {
  return { teamId: r.teamId, requestId: r.id, tokenId: r.tokenId, type, payload, createdAt: at };
}

/** One event, as a write of the caller's batch transaction. */
export function eventWrite(client: Db, row: EventInsert): PrismaPromise<EventRow> {
  return client.event.create({ data: row });
}

/** Several events in the caller's interactive transaction, returned with their ids. */
export function eventsWritten(tx: Prisma.TransactionClient, rows: EventInsert[]): Promise<EventRow[]> {
  return tx.event.createManyAndReturn({ data: rows });
}

/** Retention: deletes the events with ids in [from, to); how many. */
export async function deleteEvents(from: number, to: number): Promise<number> {
  return (await db().event.deleteMany({ where: { id: { gte: from, lt: to } } })).count;
}
