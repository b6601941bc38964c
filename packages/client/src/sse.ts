// Reading a text/event-stream body into messages, with eventsource-parser doing the parsing (line
// endings, multi-line data, comments, BOM, `retry:`). Web streams only: Node, Deno, Bun, browsers.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { NetworkError } from "./errors.ts";

export interface SseMessage {
  /** the event's `id:` ("" when it had none) */
  id: string;
  /** the event's `event:` ("message" when it had none) */
  event: string;
  data: string;
}

export interface ReadSseOptions {
  signal?: AbortSignal;
  /** the server's `retry:` (milliseconds) */
  onRetry?: (ms: number) => void;
}

/**
 * Reads a byte stream into SSE messages. Aborting `signal` (or leaving the loop early) cancels the
 * reader, so no read stays pending and the connection is released.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, opts: ReadSseOptions = {}): AsyncGenerator<SseMessage> {
  const { signal } = opts;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ready: SseMessage[] = [];
  const parser = createParser({
    onEvent: (m: EventSourceMessage) => ready.push({ id: m.id ?? "", event: m.event || "message", data: m.data }),
    onRetry: opts.onRetry,
  });
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
      parser.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      const out = ready;
      ready = [];
      yield* out;
      if (chunk.done || signal?.aborted) return;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // cancel (not just releaseLock): it settles any pending read and closes the connection
    reader.cancel().catch(() => {});
  }
}
