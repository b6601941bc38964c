import { describe, expect, it } from "vitest";
import { SseParser, readSse, type SseMessage } from "./sse";

function parseChunks(chunks: string[]): { messages: SseMessage[]; parser: SseParser } {
  const parser = new SseParser();
  const messages = chunks.flatMap((c) => parser.feed(c));
  parser.end();
  return { messages, parser };
}

/** Every way of cutting `text` into two and three pieces, plus one char at a time. */
function* splits(text: string): Generator<string[]> {
  yield [text];
  yield [...text];
  for (let i = 0; i <= text.length; i++) {
    yield [text.slice(0, i), text.slice(i)];
    for (let j = i; j <= text.length; j += 3) yield [text.slice(0, i), text.slice(i, j), text.slice(j)];
  }
}

function expectAllSplits(text: string, expected: SseMessage[]): void {
  for (const chunks of splits(text)) {
    expect(parseChunks(chunks).messages, JSON.stringify(chunks)).toEqual(expected);
  }
}

const msg = (data: string, id = "", event = "message"): SseMessage => ({ id, event, data });

describe("SseParser", () => {
  it("parses id, event and data, and keeps the id for later messages", () => {
    expectAllSplits('retry: 2000\n: connected\n\nid: 7\nevent: request.created\ndata: {"id":7}\n\ndata: next\n\n', [
      msg('{"id":7}', "7", "request.created"),
      msg("next", "7"),
    ]);
  });

  it("joins multi-line data with LF and strips exactly one leading space", () => {
    expectAllSplits("data: a\ndata:b\ndata:  c\ndata\ndata:\n\n", [msg("a\nb\n c\n\n")]);
  });

  it("accepts LF, CRLF, CR and mixed line endings", () => {
    expectAllSplits("data: lf\n\n", [msg("lf")]);
    expectAllSplits("data: crlf\r\ndata: 2\r\n\r\n", [msg("crlf\n2")]);
    expectAllSplits("data: cr\rdata: 2\r\r", [msg("cr\n2")]);
    expectAllSplits("data: x\r\ndata: y\r\rdata: z\n\r\n", [msg("x\ny"), msg("z")]);
  });

  it("treats a CR at the end of a chunk and an LF at the start of the next as one line ending", () => {
    const { messages } = parseChunks(["data: a\r", "\ndata: b\r", "\n\r", "\n"]);
    expect(messages).toEqual([msg("a\nb")]);
  });

  it("ignores comments, heartbeats and unknown fields", () => {
    expectAllSplits(": ping\n\n:\n\nfoo: bar\ndata: x\n: inside\n\n", [msg("x")]);
  });

  it("does not dispatch an event with no data, and resets the event type after a blank line", () => {
    expectAllSplits("event: lonely\n\ndata: d\n\n", [msg("d")]);
  });

  it("handles id edge cases: NULL ignored, empty id resets", () => {
    expectAllSplits("id: 1\ndata: a\n\nid: 2\0x\ndata: b\n\nid\ndata: c\n\n", [msg("a", "1"), msg("b", "1"), msg("c", "")]);
  });

  it("takes only all-digit retry values", () => {
    for (const chunks of splits("retry: 1500\nretry: 1.5\nretry: x\nretry:\n\n")) {
      expect(parseChunks(chunks).parser.retry).toBe(1500);
    }
    expect(parseChunks(["data: x\n\n"]).parser.retry).toBeUndefined();
  });

  it("discards an unterminated final event", () => {
    expectAllSplits("data: done\n\ndata: partial\n", [msg("done")]);
    expectAllSplits("data: done\n\ndata: partial", [msg("done")]);
  });

  it("strips one leading BOM only", () => {
    expectAllSplits("\ufeffdata: x\n\n", [msg("x")]);
    // a second BOM makes the first line's field name "\ufeffdata", which is unknown
    expect(parseChunks(["\ufeff", "\ufeffdata: y\n\ndata: z\n\n"]).messages).toEqual([msg("z")]);
  });

  it("keeps colons after the first one in the value", () => {
    expectAllSplits('data: {"a":"b:c"}\n\n', [msg('{"a":"b:c"}')]);
  });
});

function byteStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((c) => controller.enqueue(c));
      controller.close();
    },
  });
}

async function collect(it: AsyncIterable<SseMessage>): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const m of it) out.push(m);
  return out;
}

describe("readSse", () => {
  it("decodes multi-byte UTF-8 split across chunks, byte by byte", async () => {
    const bytes = new TextEncoder().encode("\ufeffid: 1\r\ndata: héllo 🙂 ü\r\n\r\n");
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collect(readSse(byteStream(chunks), new SseParser()))).toEqual([msg("héllo 🙂 ü", "1")]);
  });

  it("ends promptly on abort and cancels the pending read", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: first\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const ac = new AbortController();
    const seen: string[] = [];
    const done = (async () => {
      for await (const m of readSse(body, new SseParser(), ac.signal)) {
        seen.push(m.data);
        setTimeout(() => ac.abort(), 5); // abort while the next read is pending
      }
    })();
    await done;
    expect(seen).toEqual(["first"]);
    expect(cancelled).toBe(true);
  });

  it("cancels the stream when the consumer breaks out early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: a\n\ndata: b\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const m of readSse(body, new SseParser())) {
      expect(m.data).toBe("a");
      break;
    }
    expect(cancelled).toBe(true);
  });
});
