// Where an event stream's text goes: straight to the socket (ServerResponse) of a realtime route,
// the token API's and the browser's alike. A WHATWG ReadableStream, its queuing strategy and a
// reader loop cost several KB per open stream, 10,000 streams at once, and a trip through Next's
// response pipeline per event.
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
