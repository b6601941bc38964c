// An incremental Server-Sent Events parser following the WHATWG HTML "event stream" rules:
// fields id/event/data/retry, comments, multi-line data, CRLF/LF/CR line endings, and chunks
// that may split anything (a CRLF pair, a field name, a multi-byte UTF-8 character).
import { NetworkError } from "@openoxide/questions-client";

export interface SseMessage {
  /** The last event id seen on this stream (persists across messages, like EventSource). */
  id: string;
  /** `event:` field, "message" when none was given. */
  event: string;
  /** `data:` lines joined with "\n". */
  data: string;
}

export class SseParser {
  private buf = "";
  private atStart = true;
  private skipLF = false; // the previous chunk ended in CR: a leading LF belongs to that CRLF
  private data = "";
  private hasData = false;
  private eventType = "";
  private lastId = "";
  private retryMs: number | undefined;

  /** The last valid `retry:` value in milliseconds, if the server sent one. */
  get retry(): number | undefined {
    return this.retryMs;
  }

  /** The last event id (the value a reconnect sends as Last-Event-ID). */
  get lastEventId(): string {
    return this.lastId;
  }

  /** Feeds decoded text; returns the messages completed by it. */
  feed(chunk: string): SseMessage[] {
    const out: SseMessage[] = [];
    let text = chunk;
    if (text === "") return out;
    if (this.atStart) {
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // one leading BOM is not content
    }
    if (this.skipLF && text !== "") {
      this.skipLF = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    const from = this.buf.length; // buf never holds a terminator, so scan only the new text
    const buf = this.buf + text;
    let lineStart = 0;
    for (let i = from; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(buf.slice(lineStart, i), out);
      if (c === 13) {
        if (i + 1 < buf.length) {
          if (buf.charCodeAt(i + 1) === 10) i++;
        } else {
          this.skipLF = true;
        }
      }
      lineStart = i + 1;
    }
    this.buf = buf.slice(lineStart);
    return out;
  }

  /** End of stream: an unterminated event is discarded, as the spec requires. */
  end(): void {
    this.buf = "";
    this.data = "";
    this.hasData = false;
    this.eventType = "";
    this.skipLF = false;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === "") return this.dispatch(out);
    if (line.charCodeAt(0) === 58) return; // ":" comment (heartbeats)
    const colon = line.indexOf(":");
    let field = line;
    let value = "";
    if (colon >= 0) {
      field = line.slice(0, colon);
      value = line.slice(colon + 1);
      if (value.charCodeAt(0) === 32) value = value.slice(1);
    }
    switch (field) {
      case "event":
        this.eventType = value;
        break;
      case "data":
        this.data += this.hasData ? `\n${value}` : value;
        this.hasData = true;
        break;
      case "id":
        if (!value.includes("\0")) this.lastId = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(out: SseMessage[]): void {
    // A blank line with no data only resets the event type (spec: "data buffer is empty").
    if (this.hasData) out.push({ id: this.lastId, event: this.eventType || "message", data: this.data });
    this.data = "";
    this.hasData = false;
    this.eventType = "";
  }
}

/**
 * Reads a byte stream into SSE messages. Aborting `signal` (or leaving the loop early)
 * cancels the reader, so no read stays pending and the connection is released.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, parser: SseParser, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  // ignoreBOM: keep the BOM in the text so the parser strips exactly one, as the spec says
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const onAbort = () => {
    reader.cancel().catch(() => {});
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    if (signal?.aborted) return;
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal?.aborted) return;
        throw new NetworkError("The event stream broke off.", { cause: e });
      }
      const { done, value } = chunk;
      if (done) break;
      yield* parser.feed(decoder.decode(value, { stream: true }));
      if (signal?.aborted) return;
    }
    yield* parser.feed(decoder.decode());
    parser.end();
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // cancel (not just releaseLock): it settles any pending read and closes the connection
    reader.cancel().catch(() => {});
  }
}
