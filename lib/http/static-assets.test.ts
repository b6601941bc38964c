import { describe, expect, it } from "vitest";
import { pickEncoding } from "./static-assets";

describe("pickEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR; q=0.5", "br"],
    ["*", "br"],
    ["*;q=0, gzip;q=0", null],
    ["identity", null],
    [undefined, null],
  ])("%s → %s", (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });
});
