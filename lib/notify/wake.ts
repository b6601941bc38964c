// When the delivery worker looks for work. Not on every committed event: most teams have no
// webhook, no callback and no mail, and each look is two Delivery reads. Instead the writer of
// outbox rows wakes its own worker after the commit, and on PostgreSQL names itself on
// DELIVERIES_CHANNEL in the same transaction, so the other instances' workers look too (one
// of them may be the one with SMTP). The poll timer (NOTIFY_POLL_MS) still covers retries,
// a lost notification and SQLite's other processes.
import type { Client } from "pg";
import { DELIVERIES_CHANNEL, INSTANCE_ID } from "../db/provider";
import { notifyWorker } from "./worker";

/** Call after a commit that wrote Delivery rows. */
export function deliveriesWritten(count: number): void {
  if (count > 0) notifyWorker.poke();
}

/** PostgreSQL: called by the listener on every (re)connect; anyone else's outbox rows wake our worker. */
export async function listenDeliveries(client: Client): Promise<void> {
  client.on("notification", (m) => {
    if (m.channel === DELIVERIES_CHANNEL && m.payload !== INSTANCE_ID) notifyWorker.poke();
  });
  await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
  notifyWorker.poke(); // notifications sent while we were not listening are lost
}
