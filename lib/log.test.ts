import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLoggers } from "./log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, ...createLoggers("info", stream) };
}

describe("log redaction", () => {
  it("the general log censors secret names at the top and one level down", () => {
    const { lines, log } = capture();
    log.info({ token: "t0p", body: { a: 1 }, item: { value: "v4l", secret: "s3c", text: "tx7" }, req: { headers: { authorization: "Bearer b34", cookie: "c00" } } }, "x");
    const text = JSON.stringify(lines);
    for (const s of ["t0p", "v4l", "s3c", "tx7", "b34", "c00"]) expect(text).not.toContain(s);
    expect(lines[0]).toMatchObject({ token: "[redacted]", body: "[redacted]", item: { value: "[redacted]" } });
  });

  it("the request line censors the same names at its top level and keeps the rest", () => {
    const { lines, requestLog } = capture();
    requestLog.info({ rid: "r1", method: "GET", path: "/p", status: 200, tokenId: "tok_1", authorization: "Bearer b34", token: "t0p", value: "v4l", secret: "s3c", text: "tx7", body: "b0d" }, "api");
    const line = lines[0]!;
    expect(line).toMatchObject({ rid: "r1", method: "GET", path: "/p", status: 200, tokenId: "tok_1", msg: "api" });
    for (const k of ["authorization", "token", "value", "secret", "text", "body"]) expect(line[k]).toBe("[redacted]");
  });
});
