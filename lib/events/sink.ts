// Where an event stream's text goes. The token API's streams (a realtime route) write straight to
// the socket (ServerResponse): a WHATWG ReadableStream, its queuing strategy and a reader loop cost
// several KB per open stream, 10,000 streams at once. The browser's route (a Next route file)
// gets a ReadableStream.
import type { ServerResponse } from "node:http";

export interface SseSink {
  /** Queues `text` for the client. */
  write(text: string): void;
  /** Bytes queued that the client has not taken yet (past SSE_MAX_QUEUED_BYTES a live stream is dropped). */
  queued(): number;
  /** False while the client is behind: replay waits (onRoom) before the next row. */
  hasRoom(): boolean;
  /** Calls `fn` once when there is room again (or never, if the connection ends first). */
  onRoom(fn: () => void): void;
  /** Ends the stream: cleanly, or with `error` (the connection is cut). */
  end(error?: Error): void;
}

/** A realtime route's sink: the socket's own buffer is the queue, `drain` is the room. */
export class ResponseSink implements SseSink {
  constructor(private readonly res: ServerResponse) {}

  write(text: string): void {
    if (!this.res.destroyed) this.res.write(text);
  }

  queued(): number {
    return this.res.writableLength;
  }

  hasRoom(): boolean {
    return !this.res.writableNeedDrain;
  }

  onRoom(fn: () => void): void {
    this.res.once("drain", fn);
  }

  end(error?: Error): void {
    // Destroyed: the response's close ends the request's signal, and with it the lease.
    if (error) {
      this.res.destroy();
    } else {
      this.res.end();
    }
  }
}

const encoder = new TextEncoder();

/** A ReadableStream fed by `start(sink)`: its queue (up to `highWaterMark` bytes) is the sink's. */
export function readableSink(highWaterMark: number, start: (sink: SseSink) => void, cancel: () => void): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let wake: (() => void) | null = null;
  const sink: SseSink = {
    write: (text) => controller.enqueue(encoder.encode(text)),
    queued: () => highWaterMark - (controller.desiredSize ?? 0),
    hasRoom: () => (controller.desiredSize ?? 0) > 0,
    onRoom: (fn) => void (wake = fn),
    end: (error) => {
      try {
        if (error) controller.error(error);
        else controller.close();
      } catch {
        // already closed by the client
      }
    },
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        start(sink);
      },
      pull() {
        const fn = wake;
        wake = null;
        fn?.();
      },
      cancel,
    },
    new ByteLengthQueuingStrategy({ highWaterMark }),
  );
}
