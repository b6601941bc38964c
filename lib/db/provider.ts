// What differs between SQLite and PostgreSQL at run time, in one place.
import { randomUUID } from "node:crypto";
import { databaseConfig } from "./config";
import type { Db } from "./client";

export const EVENTS_CHANNEL = "questions_events";
// Named (with INSTANCE_ID) by a transaction that wrote Delivery rows (lib/notify/wake.ts).
export const DELIVERIES_CHANNEL = "questions_deliveries";

// Names this process in its NOTIFY payloads, so its listener can skip the events it already
// delivered itself (lib/events/hub.ts).
export const INSTANCE_ID: string = randomUUID();

// Any constant: the advisory lock that orders event-writing transactions.
export const EVENT_LOCK = 7_263_541;

export function isPostgres(): boolean {
  return databaseConfig().provider === "postgresql";
}

type Guard = ReturnType<Db["$executeRawUnsafe"]>;

/**
 * Statements that wrap every transaction writing an Event row. On PostgreSQL a sequence hands out
 * ids at insert time, so two transactions could commit in the opposite order of their ids and a
 * reader resuming "after id N" would skip one. A transaction-scoped advisory lock makes commits
 * follow id order; pg_notify (delivered at commit, naming this instance) wakes the other instances' hubs.
 * With `deliveries`, the other instances' delivery workers are woken too (lib/notify/wake.ts).
 * SQLite already runs one writer at a time.
 */
export function eventWriteGuards(client: Db, opts: { deliveries?: boolean } = {}): { before: Guard[]; after: Guard[] } {
  if (!isPostgres()) return { before: [], after: [] };
  return {
    before: [client.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`)],
    after: [client.$executeRawUnsafe(commitNotifications(opts.deliveries ?? false))],
  };
}

/**
 * The NOTIFYs an event-writing transaction sends (delivered at its commit). `events: false` when
 * the transaction announced its event itself, with the row (lib/events/notice.ts).
 */
export function commitNotifications(deliveries: boolean, events = true): string {
  const notices = [...(events ? [`pg_notify('${EVENTS_CHANNEL}', '${INSTANCE_ID}')`] : []), ...(deliveries ? [`pg_notify('${DELIVERIES_CHANNEL}', '${INSTANCE_ID}')`] : [])];
  return notices.length ? `SELECT ${notices.join(", ")}` : "";
}
