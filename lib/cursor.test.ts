import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "./cursor";
import { AppError } from "./errors";

const Shape = z.object({ id: z.string(), asc: z.boolean() });

describe("cursor codec", () => {
  it("round-trips a value through an opaque url-safe string", () => {
    const raw = encodeCursor({ id: "qr_1", asc: true });
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(raw, Shape)).toEqual({ id: "qr_1", asc: true });
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON of another shape", encodeCursor({ id: 1 })],
    ["empty", ""],
  ])("refuses %s as a 400 naming cursor", (_name, raw) => {
    const err = (() => {
      try {
        decodeCursor(raw, Shape);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, errors: [{ path: "cursor" }] });
  });
});
