// Server-Sent Events for one audience: replay Event rows after Last-Event-ID, then live ones,
// with no gap and no duplicate. Memory per stream is bounded: replay reads one page at a time and
// waits for the client to take it; a client whose queue passes SSE_MAX_QUEUED_BYTES is dropped (it
// resumes with Last-Event-ID). A resume from before the pruned part of the log starts with `reset`.
// One stream is one EventStream (a class, not a dozen closures) writing to a sink (lib/events/sink.ts):
// the socket of a realtime route; one timer pings every open stream.
import type { Principal } from "../auth/principal";
import { hasScope } from "../auth/principal";
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { log } from "../log";
import { env } from "../config/env";
import { shutdown } from "../shutdown";
import { hub } from "./hub";
import { prunedThrough } from "./retention";
import type { SseSink } from "./sink";

const PAGE = 200;

export type Audience = {
  /** teams whose rows are replayed after Last-Event-ID (narrows the query; `visible` decides) */
  teamIds: string[];
  /** when set, live events are offered only for these tokens (an ask-only token's own), not the whole teams */
  tokenIds?: string[];
  visible: (row: EventRow) => boolean;
  /** fields added to (or replacing) each event's data, given the row's parsed payload: the browser's gets the team, say */
  extra?: (row: EventRow, request: unknown) => Record<string, unknown>;
};

export function formatEvent(row: EventRow, extra?: Audience["extra"]): string {
  const request: unknown = JSON.parse(row.payload);
  const data = { id: row.id, type: row.type, requestId: row.requestId, createdAt: row.createdAt.toISOString(), request, ...extra?.(row, request) };
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
    // Presence changes are for the inbox (the browser's stream), not for agents.
    visible: (row) => row.teamId === principal.teamId && (teamWide || row.tokenId === principal.tokenId) && row.type !== "request.presence",
  };
}

/**
 * One client's stream. Nothing happens until start(sink): a realtime route starts it on its socket once
 * the response's headers are sent. `signal` ends it (client gone, access revoked); `onClose` runs
 * once when it ends.
 */
export class EventStream {
  private sink: SseSink | null = null;
  private closed = false;
  private lastSent = 0;
  private replaying: boolean;
  private liveDuringReplay = false;
  private unsubscribe: (() => void) | null = null;
  private wakeRoom: (() => void) | null = null;
  private readonly maxQueued = env().SSE_MAX_QUEUED_BYTES;

  constructor(
    private readonly audience: Audience,
    private readonly lastEventId: number | null,
    private readonly signal: AbortSignal,
    private readonly onClose?: () => void,
  ) {
    this.replaying = lastEventId !== null;
  }

  start(sink: SseSink): void {
    if (this.sink) throw new Error("event stream started twice");
    this.sink = sink;
    const { audience } = this;
    // Read together with subscribing (same tick): no event falls between the two.
    this.lastSent = this.lastEventId ?? hub.lastDispatchedId;
    // The key spares the hub from offering this stream every other team's or token's events.
    const key = audience.tokenIds ? { tokenIds: audience.tokenIds } : { teamIds: audience.teamIds };
    this.unsubscribe = hub.subscribe(this.onEvent, key);
    this.signal.addEventListener("abort", this.onAbort, { once: true });
    if (this.signal.aborted) return this.end();
    if (!streams().add(this)) return; // draining: add() already said goodbye and ended it
    this.write("retry: 2000\n: connected\n\n");
    if (this.lastEventId !== null) {
      this.replay(this.lastEventId).catch((e: unknown) => {
        log.error({ error: (e as Error).name }, "event replay failed; the client will resume");
        this.end();
      });
    }
  }

  end(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    streams().delete(this);
    this.unsubscribe?.();
    this.signal.removeEventListener("abort", this.onAbort);
    const wake = this.wakeRoom;
    this.wakeRoom = null;
    wake?.();
    this.sink?.end(error);
    this.onClose?.();
  }

  /** The shared heartbeat. */
  ping(): void {
    this.write(": ping\n\n");
  }

  /** Shutdown: a retry hint, then the end. */
  drain(): void {
    this.write("retry: 1000\n\n: server shutting down, reconnect\n\n");
    this.end();
  }

  private readonly onAbort = () => this.end();

  private readonly onEvent = (row: EventRow) => {
    if (!this.audience.visible(row)) return;
    if (this.replaying) this.liveDuringReplay = true;
    else this.send(row);
  };

  private write(text: string): void {
    const sink = this.sink;
    if (this.closed || !sink) return;
    sink.write(text);
    // Live events queue up only when the client stops reading (the socket pushes back): drop it.
    // Replay waits for room instead, so a large resume never drops a client that is reading.
    if (!this.replaying && sink.queued() > this.maxQueued) {
      log.warn({ lastSent: this.lastSent, queued: sink.queued() }, "event stream client fell behind; dropped");
      this.end(new Error("event stream client fell behind"));
    }
  }

  private send(row: EventRow): void {
    if (row.id <= this.lastSent) return;
    this.lastSent = row.id;
    this.write(formatEvent(row, this.audience.extra));
  }

  /** Resolves when the client has taken enough of the queue for another row. */
  private room(): Promise<void> {
    if (this.closed || this.sink!.hasRoom()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wakeRoom = resolve;
      this.sink!.onRoom(() => {
        if (this.wakeRoom === resolve) this.wakeRoom = null;
        resolve();
      });
    });
  }

  private async replay(from: number): Promise<void> {
    const through = await prunedThrough();
    if (from < through) {
      this.write(formatReset(from, through));
      this.lastSent = through;
    }
    const { audience } = this;
    for (;;) {
      if (this.closed) return;
      const rows = await db().event.findMany({
        where: { teamId: { in: audience.teamIds }, id: { gt: this.lastSent } },
        orderBy: { id: "asc" },
        take: PAGE,
      });
      // Advance past invisible rows too, so the next page starts after this one.
      for (const row of rows) {
        if (!audience.visible(row)) {
          this.lastSent = Math.max(this.lastSent, row.id);
          continue;
        }
        await this.room();
        if (this.closed) return;
        this.send(row);
      }
      if (rows.length === PAGE) continue;
      // A live row that arrived during the last read may not be in it: read once more.
      if (!this.liveDuringReplay) break;
      this.liveDuringReplay = false;
    }
    this.replaying = false;
  }
}

/**
 * The open streams, for the one heartbeat timer and the one drain callback they share (a timer
 * and a callback per stream were ~1 KB each at 10,000 streams).
 */
class OpenStreams {
  private readonly set = new Set<EventStream>();
  private timer: NodeJS.Timeout | null = null;
  private detachDrain: (() => void) | null = null;

  /** False when the server is draining: the stream was sent its retry hint and ended. */
  add(stream: EventStream): boolean {
    if (shutdown.isDraining) {
      stream.drain();
      return false;
    }
    this.set.add(stream);
    this.timer ??= setInterval(() => this.ping(), env().SSE_HEARTBEAT_MS).unref();
    this.detachDrain ??= shutdown.onDrain(() => this.drainAll());
    return true;
  }

  delete(stream: EventStream): void {
    if (!this.set.delete(stream) || this.set.size > 0) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.detachDrain?.();
    this.detachDrain = null;
  }

  get size(): number {
    return this.set.size;
  }

  private ping(): void {
    // A ping may drop a stream that fell behind: deleting the current entry mid-walk is safe.
    for (const stream of this.set) stream.ping();
  }

  private drainAll(): void {
    this.detachDrain = null;
    for (const stream of this.set) stream.drain();
  }
}

const open = new OpenStreams();
/** The process's open event streams (how many: `.size`). */
export function streams(): OpenStreams {
  return open;
}
