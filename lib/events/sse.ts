// Server-Sent Events for one audience: replay Event rows after Last-Event-ID, then live ones,
// with no gap and no duplicate. Memory per stream is bounded: replay reads one page at a time and
// waits for the client to take it; a client whose queue passes SSE_MAX_QUEUED_BYTES is dropped (it
// resumes with Last-Event-ID). A resume from before the pruned part of the log starts with `reset`.
import type { Principal } from "../auth/principal";
import { hasScope } from "../auth/principal";
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { log } from "../log";
import { env } from "../config/env";
import { shutdown } from "../shutdown";
import { hub } from "./hub";
import { prunedThrough } from "./retention";

const PAGE = 200;
const encoder = new TextEncoder();

export type Audience = {
  /** teams whose rows are replayed after Last-Event-ID (narrows the query; `visible` decides) */
  teamIds: string[];
  /** when set, live events are offered only for these tokens (an ask-only token's own), not the whole teams */
  tokenIds?: string[];
  visible: (row: EventRow) => boolean;
  /** fields added to (or replacing) each event's data: the browser's gets the team, say */
  extra?: (row: EventRow) => Record<string, unknown>;
};

export function formatEvent(row: EventRow, extra: Record<string, unknown> = {}): string {
  const data = { id: row.id, type: row.type, requestId: row.requestId, createdAt: row.createdAt.toISOString(), request: JSON.parse(row.payload), ...extra };
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Events after `lastEventId` are gone: the client must reload its state, then resume from `resumeFrom`. */
export function formatReset(lastEventId: number, resumeFrom: number): string {
  const data = { type: "reset", lastEventId, resumeFrom, reason: "events after lastEventId were pruned; reload current state" };
  return `id: ${resumeFrom}\nevent: reset\ndata: ${JSON.stringify(data)}\n\n`;
}

/** An ask-only token sees the events of its own requests; answer/read tokens its team's. */
export function tokenAudience(principal: Principal): Audience {
  const teamWide = hasScope(principal, "answer", "read");
  return {
    teamIds: [principal.teamId],
    ...(teamWide ? {} : { tokenIds: [principal.tokenId] }),
    visible: (row) => row.teamId === principal.teamId && (teamWide || row.tokenId === principal.tokenId),
  };
}

/** `signal` ends the stream (client gone, access revoked); `onClose` runs once when it ends. */
export function eventStream(audience: Audience, lastEventId: number | null, signal: AbortSignal, onClose?: () => void): ReadableStream<Uint8Array> {
  const { visible } = audience;
  const limits = env();
  let closed = false;
  let lastSent = lastEventId ?? hub.lastDispatchedId;
  let replaying = lastEventId !== null;
  let liveDuringReplay = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  let detachDrain = () => {};
  let wakePull: (() => void) | null = null;

  const end = (error?: Error) => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    detachDrain();
    signal.removeEventListener("abort", onAbort);
    wakePull?.();
    try {
      if (error) controller.error(error);
      else controller.close();
    } catch {
      // already closed by the client
    }
    onClose?.();
  };
  const onAbort = () => end();

  const write = (text: string) => {
    if (closed) return;
    controller.enqueue(encoder.encode(text));
    // Live events queue up only when the client stops reading (the socket pushes back): drop it.
    // Replay waits for room instead, so a large resume never drops a client that is reading.
    if (!replaying && (controller.desiredSize ?? 0) < 0) {
      log.warn({ lastSent, queued: limits.SSE_MAX_QUEUED_BYTES - (controller.desiredSize ?? 0) }, "event stream client fell behind; dropped");
      end(new Error("event stream client fell behind"));
    }
  };
  const send = (row: EventRow) => {
    if (row.id <= lastSent) return;
    lastSent = row.id;
    write(formatEvent(row, audience.extra?.(row)));
  };
  /** Resolves when the client has taken enough of the queue for another page. */
  const room = () =>
    closed || (controller.desiredSize ?? 0) > 0 ? Promise.resolve() : new Promise<void>((resolve) => (wakePull = resolve));

  const replay = async (from: number) => {
    const through = await prunedThrough();
    if (from < through) {
      write(formatReset(from, through));
      lastSent = through;
    }
    for (;;) {
      if (closed) return;
      const rows = await db().event.findMany({
        where: { teamId: { in: audience.teamIds }, id: { gt: lastSent } },
        orderBy: { id: "asc" },
        take: PAGE,
      });
      // Advance past invisible rows too, so the next page starts after this one.
      for (const row of rows) {
        if (!visible(row)) {
          lastSent = Math.max(lastSent, row.id);
          continue;
        }
        await room();
        if (closed) return;
        send(row);
      }
      if (rows.length === PAGE) continue;
      // A live row that arrived during the last read may not be in it: read once more.
      if (!liveDuringReplay) break;
      liveDuringReplay = false;
    }
    replaying = false;
  };

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // The key spares the hub from offering this stream every other team's or token's events.
        const key = audience.tokenIds ? { tokenIds: audience.tokenIds } : { teamIds: audience.teamIds };
        unsubscribe = hub.subscribe((row) => {
          if (!visible(row)) return;
          if (replaying) liveDuringReplay = true;
          else send(row);
        }, key);
        heartbeat = setInterval(() => write(": ping\n\n"), limits.SSE_HEARTBEAT_MS);
        signal.addEventListener("abort", onAbort, { once: true });
        detachDrain = shutdown.onDrain(() => {
          write("retry: 1000\n\n: server shutting down, reconnect\n\n");
          end();
        });
        if (signal.aborted) return end();
        write("retry: 2000\n: connected\n\n");
        if (lastEventId !== null) {
          replay(lastEventId).catch((e: unknown) => {
            log.error({ error: (e as Error).name }, "event replay failed; the client will resume");
            end();
          });
        }
      },
      pull() {
        const wake = wakePull;
        wakePull = null;
        wake?.();
      },
      cancel() {
        end();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: limits.SSE_MAX_QUEUED_BYTES }),
  );
}
