// A decision on the fast path (lib/db/fast-insert/change.ts) marks its row "insightPending": the
// insight histogram's triggers skip a marked row, so their upserts are not part of the transaction
// a waiting agent's answer waits for. The marks are cleared here, which makes the triggers count
// the rows: right after the decision's responses are written, before every insights read (so a
// figure never misses a decision, whichever instance made it), and at start for rows a crash left
// marked (docs/decisions.md, "Insight counters after the decision").
import { log } from "../log";
import { anyInsightMarked, clearInsightMarks } from "../questions/request-writes";

type State = { ids: Set<string>; scheduled: boolean; running: Promise<unknown> };
// One per process, whichever copy of this module a route loaded.
const g = globalThis as unknown as { __questionsInsightPending?: State };
const state = (g.__questionsInsightPending ??= { ids: new Set(), scheduled: false, running: Promise.resolve() });

/**
 * After a marked decision commits. Two turns of the event loop later, so the waits it woke and the
 * decision's own response are written first (lib/http/endpoints/decide.ts answers after one turn).
 */
export function countLater(id: string): void {
  state.ids.add(id);
  if (state.scheduled) return;
  state.scheduled = true;
  setImmediate(() => setImmediate(() => void flushQueued()));
}

/** Clears the queued marks, after any clearing already under way; a failure leaves them to the next sweep. */
export function flushQueued(): Promise<unknown> {
  state.scheduled = false;
  const ids = [...state.ids];
  state.ids.clear();
  if (ids.length) state.running = state.running.then(() => clearInsightMarks(ids)).catch((e: unknown) => log.error({ error: (e as Error).name, rows: ids.length }, "counting decisions for insights failed; the next sweep counts them"));
  return state.running;
}

/** Before an insights read, and at start: the queued marks, then every row still marked. Resolves to how many the sweep counted. */
export async function countPending(): Promise<number> {
  await flushQueued();
  let counted = 0;
  while (await anyInsightMarked()) {
    const n = await clearInsightMarks(null);
    counted += n;
    if (n === 0) break; // another writer is clearing them
  }
  return counted;
}
