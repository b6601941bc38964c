// Long-poll: watch first, then read, so an answer landing in between still wakes us.
import { AppError } from "../errors";
import { hub } from "../events/hub";
import type { StopSignal } from "../events/watch";
import { shutdown } from "../shutdown";
import { expireRequest } from "./actions";
import { requireRequest, type Scope } from "./read";
import { peekView } from "./view";
import { presence } from "./presence";
import type { QuestionRequest } from "./schemas";
import type { EventRow } from "../db/types";
import { tokenLiveAtCommit } from "../events/token-live";

/** A wait's outcome as the HTTP reply needs it: the view's JSON text and its version (ETag). */
export type ViewText = { text: string; version: number };

// An event's payload is the request's view as JSON (JSON.stringify(toView(row))), the same view a
// read gives, whoever asks (secret answers are metadata only, lib/questions/view.ts): only who may
// wait is scoped, and the read before the wait checked that. So a woken HTTP waiter replies with
// the payload as it is, and learns status and version without parsing it (peekView): with
// 10,000 waiters woken at once, a parse per wake-up was a twentieth of the wave's CPU.
// MCP waiters get the parsed view, parsed once per row however many waiters it wakes.
// Shared objects: callers must not mutate what waitForRequest returns.
const g = globalThis as unknown as { __questionsViewCache?: WeakMap<EventRow, QuestionRequest> };
const parsed = (g.__questionsViewCache ??= new WeakMap());

function viewOf(row: EventRow): QuestionRequest {
  let view = parsed.get(row);
  if (!view) parsed.set(row, (view = JSON.parse(row.payload) as QuestionRequest));
  return view;
}

/**
 * Waits for a terminal state (or the time to pass) and returns the request's view. `agent`: the
 * caller is the asking agent (not a reviewer's client), so the wait counts as its presence.
 */
export function waitForRequest(scope: Scope, id: string, waitMs: number, signal?: StopSignal, agent = true): Promise<QuestionRequest> {
  return waitLoop(scope, id, waitMs, signal, agent, viewFromRead, viewFromEvent, null);
}

/**
 * waitForRequest for an MCP tool call: null when the wait ended (its time up, or stopped) with no
 * change to the request, without reading it again — every change wakes the wait, and a call that
 * gets "pending" just waits again. An MCP wait ends every MCP_WAIT_SECONDS, so that read was a
 * third of the CPU of holding 10,000 MCP waits open.
 */
export function waitForAnswer(scope: Scope, id: string, waitMs: number, signal?: StopSignal): Promise<Answered | null> {
  return waitLoop<Answered | null>(scope, id, waitMs, signal, true, answeredFromRead, answeredFromEvent, stillPending);
}

/** waitForAnswer's outcome: the view, and the token the change that woke the wait found live at its commit (lib/events/token-live.ts). */
export type Answered = { request: QuestionRequest; liveToken: string | null };

/** waitForRequest for the HTTP reply: the view's JSON text, from the event payload when woken. */
export function waitForRequestText(scope: Scope, id: string, waitMs: number, signal?: StopSignal, agent = true): Promise<ViewText> {
  return waitLoop(scope, id, waitMs, signal, agent, textFromRead, textFromEvent, null);
}

// Outcomes of a wait, as plain functions: a suspended wait holds no closures of its own.
const viewFromRead = (view: QuestionRequest) => view;
const stillPending = () => null;
const viewFromEvent = (row: EventRow) => {
  const view = viewOf(row);
  return view.status !== "pending" ? view : null;
};
const answeredFromRead = (request: QuestionRequest): Answered => ({ request, liveToken: null });
const answeredFromEvent = (row: EventRow): Answered | null => {
  const request = viewFromEvent(row);
  return request && { request, liveToken: tokenLiveAtCommit(row) };
};
const textFromRead = (view: QuestionRequest): ViewText => ({ text: JSON.stringify(view), version: view.version });
const textFromEvent = (row: EventRow, id: string): ViewText | null => {
  const seen = peekView(row.payload, id) ?? viewOf(row);
  return seen.status !== "pending" ? { text: row.payload, version: seen.version } : null;
};

/**
 * fromEvent: the outcome a woken waiter returns, or null when the change left it pending.
 * Every wait passes here, so this is where an agent's presence is recorded (./presence.ts): held
 * from the first read until the wait ends; a wait that only reads counts as a read.
 */
async function waitLoop<T>(
  scope: Scope,
  id: string,
  waitMs: number,
  signal: StopSignal | undefined,
  agent: boolean,
  fromRead: (view: QuestionRequest) => T,
  fromEvent: (row: EventRow, id: string) => T | null,
  /** the outcome when the wait ends with no change (null: read the request again, as a long-poll does) */
  quiet: (() => T) | null,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  let held = false;
  let resolved = false;
  try {
    for (;;) {
      const watch = hub.watch(id);
      try {
        const next = await readOrSleep(scope, id, deadline, signal);
        if (typeof next !== "number") {
          resolved = next.status !== "pending";
          if (agent && !held && !resolved) presence.touch(id);
          return fromRead(next);
        }
        if (next === 0) continue;
        if (agent && !held) {
          held = true;
          presence.begin(id);
        }
        const woken = await watch.sleep(next, signal);
        if (shutdown.isDraining) {
          throw new AppError("unavailable", "The server is shutting down; wait again.", undefined, { "retry-after": "1" });
        }
        // The event carries the request as it became (same view a read gives): with thousands of
        // waiters woken at once, skipping a read per waiter is what keeps the wake-up fast.
        const outcome = woken ? fromEvent(woken, id) : null;
        if (outcome !== null) {
          resolved = true;
          return outcome;
        }
        // Woken by nothing (not by the request's expiry, whose sleep ends earlier): over.
        if (!woken && quiet && (signal?.aborted || Date.now() >= deadline)) return quiet();
      } finally {
        watch.dispose();
      }
    }
  } finally {
    if (held) presence.end(id, resolved);
  }
}

/** How long past expiresAt a waiter leaves expiring to the expiry timer (lib/questions/expiry.ts). */
const TIMER_GRACE_MS = 3_000;

/**
 * The read before a sleep: the request when the wait is over, else how long to sleep (0: it just
 * expired, read again). A function of its own so the read's view (a KB or two) is not kept alive
 * by the suspended wait for all of its sleep.
 */
async function readOrSleep(scope: Scope, id: string, deadline: number, signal?: StopSignal): Promise<QuestionRequest | number> {
  const request = await requireRequest(scope, id);
  if (request.status !== "pending") return request;
  const remaining = deadline - Date.now();
  const over = remaining <= 0 || signal?.aborted === true;
  const expiresIn = request.expiresAt ? Date.parse(request.expiresAt) - Date.now() : Infinity;
  // The expiry timer expires it and its event wakes us. Only when the timer lags by more than
  // TIMER_GRACE_MS (or our wait is over) do we expire it ourselves: never hand out a stale "pending".
  if (expiresIn <= 0 && (over || expiresIn <= -TIMER_GRACE_MS)) {
    await expireRequest(id, scope.teamId);
    return 0;
  }
  if (over) return request;
  return Math.min(remaining, expiresIn + TIMER_GRACE_MS);
}
