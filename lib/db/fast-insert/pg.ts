// PostgreSQL: the request, its event, its deliveries and its idempotency record in one round trip.
// One simple-protocol query of several statements runs as one implicit transaction (any error
// rolls all of it back, and the connection is ready again): the event lock first, then one
// statement whose CTEs insert every row (json_populate_recordset builds typed rows from one JSON
// literal each), then the NOTIFYs, delivered at the commit that ends the query.
import { escapeLiteral } from "pg";
import { pgPool } from "../client";
import { commitNotifications, EVENT_LOCK } from "../provider";
import type { EventRow } from "../types";
import { DELIVERY, EVENT, IDEMPOTENCY, quoted, REQUEST, UniqueViolation, values, type CreateWrite, type Table } from "./rows";

// timestamp(3) without time zone holds UTC (as Prisma writes it); the "Z" is ignored on input.
const pgDate = (d: Date) => d.toISOString();

/** The rows as a JSON array of objects keyed by column, defaults filled in, as a SQL literal. */
const json = (table: Table, rows: object[]) =>
  escapeLiteral(JSON.stringify(rows.map((row) => Object.fromEntries(values(table, row, pgDate).map((v, i) => [table.columns[i]!, v])))));

const from = (table: Table, literal: string) => `SELECT ${quoted(table.columns)} FROM json_populate_recordset(NULL::"${table.name}", ${literal}::json)`;

function sql(w: CreateWrite): string {
  const ctes = [`r AS (INSERT INTO "${REQUEST.name}" (${quoted(REQUEST.columns)}) ${from(REQUEST, json(REQUEST, [w.request]))})`];
  if (w.deliveries.length) ctes.push(`d AS (INSERT INTO "${DELIVERY.name}" (${quoted(DELIVERY.columns)}) ${from(DELIVERY, json(DELIVERY, w.deliveries))})`);
  if (w.idempotency) ctes.push(`i AS (INSERT INTO "${IDEMPOTENCY.name}" (${quoted(IDEMPOTENCY.columns)}) ${from(IDEMPOTENCY, json(IDEMPOTENCY, [w.idempotency]))})`);
  return [
    // The advisory lock orders commits by event id (lib/db/provider.ts eventWriteGuards).
    `SELECT pg_advisory_xact_lock(${EVENT_LOCK})`,
    `WITH ${ctes.join(", ")} INSERT INTO "${EVENT.name}" (${quoted(EVENT.columns)}) ${from(EVENT, json(EVENT, [w.event]))} RETURNING "id"`,
    commitNotifications(w.deliveries.length > 0),
  ].join(";\n");
}

type Result = { command: string; rows: { id?: number }[] };

export async function insertCreatePg(w: CreateWrite): Promise<EventRow> {
  let results: Result[];
  try {
    results = (await pgPool().query(sql(w))) as unknown as Result[];
  } catch (e) {
    if ((e as { code?: string }).code === "23505") throw new UniqueViolation((e as { table?: string }).table ?? "unknown");
    throw e;
  }
  const id = results.find((r) => r.command === "INSERT")!.rows[0]!.id!;
  return { id: Number(id), ...w.event };
}
