import { describe, expect, it } from "vitest";
import { ago, formatTime, span, until } from "./format";

const now = Date.parse("2026-12-02T10:00:00Z");
const at = (deltaMs: number) => new Date(now + deltaMs).toISOString();

describe("times", () => {
  it("formats one absolute way, in UTC", () => {
    expect(formatTime("2026-12-02T09:41:07.123Z")).toBe("2026-12-02 09:41 UTC");
  });

  it.each([
    [0, "just now"],
    [-59_000, "just now"],
    [5_000, "just now"], // a little skew never reads as the future
    [-3 * 60_000, "3 min ago"],
    [-(2 * 3_600_000 + 5 * 60_000), "2 h 5 min ago"],
    [-26 * 3_600_000, "1 d 2 h ago"],
  ])("a past moment %i ms away reads %s", (delta, text) => {
    expect(ago(at(delta), now)).toBe(text);
  });

  it.each([
    [47 * 60_000, "in 47 min"],
    [30_000, "in under a minute"],
    [0, null],
    [-60_000, null],
  ])("a deadline %i ms away reads %s", (delta, text) => {
    expect(until(at(delta), now)).toBe(text);
  });

  it("gets coarser as spans grow", () => {
    expect(span(7 * 3_600_000 + 59 * 60_000)).toBe("7 h");
    expect(span(5 * 86_400_000 + 3_600_000)).toBe("5 d");
  });
});
