// The rows a create writes, as the fast insert sends them: every column named, in a fixed order,
// with the defaults Prisma's schema would have applied filled in, so a row written here equals the
// one Prisma would have written (tests/unit/fast-insert.test.ts compares them column by column).
import { Prisma, type Event, type IdempotencyRecord } from "../generated/sqlite/client.ts";
import type { PreparedEntry } from "../../audit/entry";

// Dates are Date objects: a string would be stored as it is, unlike Prisma, which parses it.
type Dated<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], string> : T[K] };
export type RequestInsert = Dated<Prisma.QuestionRequestCreateManyInput> & { createdAt: Date };
// Every column but the database's id: a column added to the model must be given by each writer.
export type EventInsert = Omit<Event, "id">;
export type DeliveryInsert = Dated<Prisma.DeliveryCreateManyInput> & { createdAt: Date; nextAttemptAt: Date };
export type IdempotencyInsert = IdempotencyRecord;

export type CreateWrite = {
  request: RequestInsert;
  event: EventInsert;
  deliveries: DeliveryInsert[];
  idempotency?: IdempotencyInsert;
  /** a create that is already a decision (policy, non-interactive, a rule) is audited with it */
  audit?: PreparedEntry;
};

type Value = string | number | boolean | Date | null;
export type Table = { name: string; columns: string[]; defaults: Record<string, Value> };

// The columns are the model's scalar fields as the generated client lists them (in the schema's
// order), so a column added to the model is written here without a change. The defaults are the
// model's @default values a create may leave out: the suite in tests/unit compares a create that
// leaves every optional column out with Prisma's row, so a default missing here fails it.
const fromModel = (name: string, fields: Record<string, string>, defaults: Record<string, Value>, except: string[] = []): Table => ({
  name,
  columns: Object.values(fields).filter((c) => !except.includes(c)),
  defaults,
});

export const REQUEST = fromModel("QuestionRequest", Prisma.QuestionRequestScalarFieldEnum, { status: "pending", searchText: "", version: 1, insightPending: false });
// The id is the database's (autoincrement): the order of commits (lib/db/provider.ts).
export const EVENT = fromModel("Event", Prisma.EventScalarFieldEnum, {}, ["id"]);
export const DELIVERY = fromModel("Delivery", Prisma.DeliveryScalarFieldEnum, { status: "pending", attempts: 0 });
export const IDEMPOTENCY = fromModel("IdempotencyRecord", Prisma.IdempotencyRecordScalarFieldEnum, {});

/**
 * The row's values in the table's column order; a column left out gets its default, else null.
 * A boolean is 1 or 0, as SQLite stores it (and as PostgreSQL reads a JSON number into a boolean).
 */
export function values(table: Table, row: object, encodeDate: (d: Date) => string): (string | number | null)[] {
  const r = row as Record<string, Value | undefined>;
  return table.columns.map((c) => {
    const v = r[c] ?? table.defaults[c] ?? null;
    return v instanceof Date ? encodeDate(v) : typeof v === "boolean" ? Number(v) : v;
  });
}

/** The rows as JSON objects keyed by column, defaults filled in (json_populate_recordset reads them), dates as ISO text. */
export const jsonRows = (table: Table, rows: object[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(values(table, row, (d) => d.toISOString()).map((v, i) => [table.columns[i]!, v]))));

export const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");

/**
 * A unique violation shaped like Prisma's (code P2002), so the callers' handling (an
 * Idempotency-Key raced by another create) is the same on either path.
 */
export class UniqueViolation extends Error {
  readonly code = "P2002";
  constructor(readonly table: string) {
    super(`Unique constraint failed on ${table}`);
    this.name = "UniqueViolation";
  }
}
