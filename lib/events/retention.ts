// The Event log is kept for EVENT_RETENTION_DAYS. Pruning records how far it went *before*
// deleting, so a resume from before that point always gets an explicit reset, never a silent gap.
import { db, isUniqueViolation } from "../db/client";
import { env } from "../config/env";
import { deleteEvents } from "./event-writes";

const BATCH = 5000;

/** Events with an id up to this may be gone (0: nothing was ever pruned). */
export async function prunedThrough(): Promise<number> {
  const row = await db().eventPrune.findUnique({ where: { id: 1 } });
  return row?.throughId ?? 0;
}

async function raiseWatermark(through: number, now: Date): Promise<void> {
  const raised = await db().eventPrune.updateMany({ where: { id: 1, throughId: { lt: through } }, data: { throughId: through, prunedAt: now } });
  if (raised.count > 0) return;
  try {
    await db().eventPrune.create({ data: { id: 1, throughId: through, prunedAt: now } });
  } catch (e) {
    // Another instance created it meanwhile: raise it (the update is conditional, so no lowering).
    if (!isUniqueViolation(e)) throw e;
    await db().eventPrune.updateMany({ where: { id: 1, throughId: { lt: through } }, data: { throughId: through, prunedAt: now } });
  }
}

/** Deletes the events older than the retention window, in batches; returns how many. */
export async function pruneEvents(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - env().EVENT_RETENTION_DAYS * 86_400_000);
  // The old part is a prefix of the log: everything before the first event inside the window.
  const firstKept = await db().event.findFirst({ where: { createdAt: { gte: cutoff } }, orderBy: { id: "asc" }, select: { id: true } });
  const through = firstKept
    ? firstKept.id - 1
    : ((await db().event.aggregate({ _max: { id: true }, where: { createdAt: { lt: cutoff } } }))._max.id ?? 0);
  if (through <= 0) return 0;
  const oldest = await db().event.findFirst({ orderBy: { id: "asc" }, select: { id: true } });
  if (!oldest || oldest.id > through) return 0;
  await raiseWatermark(through, now);
  let deleted = 0;
  for (let from = oldest.id; from <= through; from += BATCH) {
    deleted += await deleteEvents(from, Math.min(from + BATCH, through + 1));
  }
  return deleted;
}
