import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("is prefixed, 26 Crockford base32 characters after the prefix", () => {
    expect(newId("qr")).toMatch(/^qr_[0-9ABCDEFGHJKMNPQRSTVWXYZ]{26}$/);
  });

  it("sorts in creation order, also within one millisecond, and never repeats", () => {
    const ids = Array.from({ length: 5000 }, () => newId("x"));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("encodes the time first", async () => {
    const a = newId("t");
    await new Promise((r) => setTimeout(r, 5));
    const b = newId("t");
    expect(b.slice(2, 12) > a.slice(2, 12)).toBe(true);
  });
});
