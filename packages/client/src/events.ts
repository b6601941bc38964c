// GET /api/v1/events as an async iterable, with EventSource-style reconnection: resume from the
// last id seen (the server replays with no gap or duplicate) after the server's `retry:` delay.
import { isRetryable } from "./errors.ts";
import { retryDelay, sleep } from "./http.ts";
import { readSse, type SseMessage } from "./sse.ts";
import type { EventData, QuestionRequest } from "./types.ts";

export interface QuestionEvent {
  /** Durable sequence id; pass it back as `lastEventId` to resume. */
  id: number;
  /** `request.updated` is a vote on a request that is still pending. */
  type: EventData["type"];
  requestId: string;
  createdAt: string;
  /** The request as it was right after the event. */
  request: QuestionRequest;
}

/** The server pruned events after `lastEventId`: what happened in between is not in the stream. */
export interface StreamReset {
  /** the id the client resumed from */
  lastEventId: number;
  /** the stream continues after this id */
  resumeFrom: number;
}

/** Thrown from the iteration when a reset arrives and no `onReset` handles it. */
export class StreamResetError extends Error {
  constructor(readonly reset: StreamReset) {
    super(`Events after ${reset.lastEventId} were pruned; reload current state (list requests), then resume from ${reset.resumeFrom}.`);
    this.name = "StreamResetError";
  }
}

export interface EventsOptions {
  /** Resume after this event id (sent as `Last-Event-ID`). */
  lastEventId?: number;
  /** Aborting ends the iteration (no error) and closes the connection. */
  signal?: AbortSignal;
  /** Reconnect after a dropped stream or a transient failure (default true). */
  reconnect?: boolean;
  /**
   * Called when a resume reaches back past the server's retention window: reload the state you
   * keep (e.g. list pending requests); the iteration then goes on after `resumeFrom`. Without it,
   * the iteration throws StreamResetError rather than silently skip the missing events.
   */
  onReset?: (reset: StreamReset) => void | Promise<void>;
}

/** Opens the stream; throws ApiError/NetworkError like every other call. */
export type OpenStream = (lastEventId: number | undefined, signal: AbortSignal | undefined) => Promise<Response>;

const DEFAULT_RETRY_MS = 2_000; // until the server sends its own `retry:`

export async function* streamEvents(open: OpenStream, opts: EventsOptions = {}): AsyncGenerator<QuestionEvent> {
  const { signal } = opts;
  const reconnect = opts.reconnect ?? true;
  let lastId = opts.lastEventId;
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  while (!signal?.aborted) {
    let failure: unknown;
    try {
      const res = await open(lastId, signal);
      failures = 0;
      if (res.body) {
        for await (const msg of readSse(res.body, { signal, onRetry: (ms) => (retryMs = ms) })) {
          if (msg.event === "reset") {
            const reset = toReset(msg);
            lastId = reset.resumeFrom;
            if (!opts.onReset) throw new StreamResetError(reset);
            await opts.onReset(reset);
            continue;
          }
          const event = toEvent(msg);
          lastId = event.id;
          yield event;
        }
      }
    } catch (e) {
      if (signal?.aborted) return;
      if (!reconnect || !isRetryable(e)) throw e;
      failure = e;
      failures++;
    }
    if (!reconnect || signal?.aborted) return;
    // A clean end (server restart, proxy timeout) waits `retry:`; repeated failures back off further.
    const delay = failure === undefined ? retryMs : Math.max(retryMs, retryDelay(failures, failure));
    try {
      await sleep(delay, signal);
    } catch {
      return; // aborted while waiting
    }
  }
}

function toEvent(msg: SseMessage): QuestionEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(msg.data);
  } catch {
    throw new Error(`Event ${msg.id || "(no id)"} carries data that is not JSON.`);
  }
  const o = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Partial<QuestionEvent>;
  // The SSE `id:` line is what the protocol resumes from; the JSON copy is the fallback.
  const id = /^\d+$/.test(msg.id) ? Number(msg.id) : Number(o.id);
  if (!Number.isSafeInteger(id) || o.request === undefined) {
    throw new Error(`Event ${msg.id || "(no id)"} is not a request event.`);
  }
  return {
    id,
    type: o.type ?? (msg.event as QuestionEvent["type"]),
    requestId: o.requestId ?? o.request.id,
    createdAt: o.createdAt ?? "",
    request: o.request,
  };
}

function toReset(msg: SseMessage): StreamReset {
  const o = JSON.parse(msg.data) as Partial<StreamReset>;
  const resumeFrom = /^\d+$/.test(msg.id) ? Number(msg.id) : Number(o.resumeFrom);
  if (!Number.isSafeInteger(resumeFrom)) throw new Error("A reset event carries no id to resume from.");
  return { lastEventId: Number(o.lastEventId ?? 0), resumeFrom };
}
