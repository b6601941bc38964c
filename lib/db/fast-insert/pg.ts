// PostgreSQL: the request, its event, its deliveries and its idempotency record in one statement
// (json_populate_recordset builds typed rows from one JSON parameter each), inside a transaction
// that takes the event lock first and notifies at commit: three round trips in all.
import { pgPool } from "../client";
import { EVENT_LOCK, EVENTS_CHANNEL, INSTANCE_ID } from "../provider";
import type { EventRow } from "../types";
import { DELIVERY, EVENT, IDEMPOTENCY, quoted, REQUEST, UniqueViolation, values, type CreateWrite, type Table } from "./rows";

// timestamp(3) without time zone holds UTC (as Prisma writes it); the "Z" is ignored on input.
const pgDate = (d: Date) => d.toISOString();

/** The rows as a JSON array of objects keyed by column, defaults filled in. */
const json = (table: Table, rows: object[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(values(table, row, pgDate).map((v, i) => [table.columns[i]!, v]))));

const from = (table: Table, param: number) => `SELECT ${quoted(table.columns)} FROM json_populate_recordset(NULL::"${table.name}", $${param}::json)`;

const SQL = `WITH
  r AS (INSERT INTO "${REQUEST.name}" (${quoted(REQUEST.columns)}) ${from(REQUEST, 1)}),
  d AS (INSERT INTO "${DELIVERY.name}" (${quoted(DELIVERY.columns)}) ${from(DELIVERY, 3)}),
  i AS (INSERT INTO "${IDEMPOTENCY.name}" (${quoted(IDEMPOTENCY.columns)}) ${from(IDEMPOTENCY, 4)})
INSERT INTO "${EVENT.name}" (${quoted(EVENT.columns)}) ${from(EVENT, 2)} RETURNING "id"`;

export async function insertCreatePg(w: CreateWrite): Promise<EventRow> {
  const client = await pgPool().connect();
  let broken = false;
  try {
    // The advisory lock orders commits by event id (lib/db/provider.ts eventWriteGuards).
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${EVENT_LOCK})`);
    let id: number;
    try {
      const result = await client.query<{ id: number }>(SQL, [
        json(REQUEST, [w.request]),
        json(EVENT, [w.event]),
        json(DELIVERY, w.deliveries),
        json(IDEMPOTENCY, w.idempotency ? [w.idempotency] : []),
      ]);
      id = result.rows[0]!.id;
    } catch (e) {
      await client.query("ROLLBACK").catch(() => (broken = true));
      if ((e as { code?: string }).code === "23505") throw new UniqueViolation((e as { table?: string }).table ?? "unknown");
      throw e;
    }
    await client.query(`SELECT pg_notify('${EVENTS_CHANNEL}', '${INSTANCE_ID}'); COMMIT`);
    return { id, ...w.event };
  } catch (e) {
    broken ||= !(e instanceof UniqueViolation);
    throw e;
  } finally {
    // A connection whose transaction state is unknown is not handed to the next caller.
    client.release(broken ? true : undefined);
  }
}
