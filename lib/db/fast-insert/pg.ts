// PostgreSQL: a create's rows (request, event, deliveries, idempotency record) in one round trip,
// and creates that arrive while one is being written go together in the next. One simple-protocol
// query of several statements runs as one implicit transaction (any error rolls all of it back and
// the connection is ready again): the event lock, one statement per create whose CTEs insert its
// rows (json_populate_recordset builds typed rows from one JSON literal each), then the NOTIFYs,
// delivered at the commit that ends the query. The event lock is held until that commit is flushed,
// so creates commit one after another; a batch pays for one lock, one round trip and one flush.
import { escapeLiteral } from "pg";
import { pgPool } from "../client";
import { commitNotifications, EVENT_LOCK } from "../provider";
import { auditInsertSql } from "../../audit/append";
import type { EventRow } from "../types";
import { DELIVERY, EVENT, IDEMPOTENCY, jsonRows, quoted, REQUEST, UniqueViolation, type CreateWrite, type Table } from "./rows";
import { literal } from "./pg-prepared";

/** The rows as a JSON array of objects keyed by column, defaults filled in, as a SQL literal. */
const json = (table: Table, rows: object[]) => escapeLiteral(jsonRows(table, rows));

const from = (table: Table, literal: string) => `SELECT ${quoted(table.columns)} FROM json_populate_recordset(NULL::"${table.name}", ${literal}::json)`;

/** One create's rows in one statement, returning its event id. */
function insertOne(w: CreateWrite): string {
  const ctes = [`r AS (INSERT INTO "${REQUEST.name}" (${quoted(REQUEST.columns)}) ${from(REQUEST, json(REQUEST, [w.request]))})`];
  if (w.deliveries.length) ctes.push(`d AS (INSERT INTO "${DELIVERY.name}" (${quoted(DELIVERY.columns)}) ${from(DELIVERY, json(DELIVERY, w.deliveries))})`);
  if (w.idempotency) ctes.push(`i AS (INSERT INTO "${IDEMPOTENCY.name}" (${quoted(IDEMPOTENCY.columns)}) ${from(IDEMPOTENCY, json(IDEMPOTENCY, [w.idempotency]))})`);
  return `WITH ${ctes.join(", ")} INSERT INTO "${EVENT.name}" (${quoted(EVENT.columns)}) ${from(EVENT, json(EVENT, [w.event]))} RETURNING "id"`;
}

type Result = { command: string; rows: { id?: number }[] };

/** Writes the creates in one transaction; their event ids, in order. */
async function write(ws: CreateWrite[]): Promise<number[]> {
  const sql = [
    // The advisory lock orders commits by event id (lib/db/provider.ts eventWriteGuards).
    `SELECT pg_advisory_xact_lock(${EVENT_LOCK})`,
    ...ws.flatMap((w) => [insertOne(w), ...(w.audit ? [auditInsertSql(true, w.audit, literal)] : [])]),
    commitNotifications(ws.some((w) => w.deliveries.length > 0)),
  ].join(";\n");
  let results: Result[];
  try {
    results = (await pgPool().query(sql)) as unknown as Result[];
  } catch (e) {
    if ((e as { code?: string }).code === "23505") throw new UniqueViolation((e as { table?: string }).table ?? "unknown");
    throw e;
  }
  // The event inserts are the ones returning an id (an audit insert returns nothing).
  return results.filter((r) => r.command === "INSERT" && r.rows.length).map((r) => Number(r.rows[0]!.id));
}

type Waiting = { w: CreateWrite; resolve: (id: number) => void; reject: (e: unknown) => void };

// Per process.
const state: { waiting: Waiting[]; busy: boolean } = { waiting: [], busy: false };
const MAX_BATCH = 64;

/** Sends what is waiting, one batch at a time (the event lock would serialise them anyway). */
function drain(): void {
  if (state.busy || !state.waiting.length) return;
  state.busy = true;
  void send(state.waiting.splice(0, MAX_BATCH)).finally(() => {
    state.busy = false;
    drain();
  });
}

async function send(batch: Waiting[]): Promise<void> {
  try {
    const ids = await write(batch.map((b) => b.w));
    batch.forEach((b, i) => b.resolve(ids[i]!));
  } catch (e) {
    if (batch.length === 1) return batch[0]!.reject(e);
    // One create's failure (an Idempotency-Key raced by another create) rolled back the batch:
    // each is tried again on its own, so only that one fails.
    await Promise.all(batch.map((b) => write([b.w]).then(([id]) => b.resolve(id!), b.reject)));
  }
}

export async function insertCreatePg(w: CreateWrite): Promise<EventRow> {
  const id = await new Promise<number>((resolve, reject) => {
    state.waiting.push({ w, resolve, reject });
    drain();
  });
  return { id, ...w.event };
}
