import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it.each([
    ["/inbox/qr_1?tab=a#x", "/inbox/qr_1?tab=a#x"],
    ["/history", "/history"],
    ["/a/../settings", "/settings"],
    ["/a b", "/a%20b"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });

  it.each([
    ["undefined", undefined],
    ["empty", ""],
    ["absolute URL", "https://evil.example/x"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash", "/\\evil.example/x"],
    ["tab between slashes (browsers strip it)", "/\t/evil.example/x"],
    ["newline between slashes", "/\n/evil.example/x"],
    ["carriage return", "/\r\n/evil.example"],
    ["encoded-then-decoded backslash", "/\\/evil.example"],
    ["relative", "inbox"],
    ["javascript:", "javascript:alert(1)"],
    ["leading space", " //evil.example"],
  ])("refuses %s", (_name, input) => {
    expect(safeNext(input)).toBe("/inbox");
  });

  it("never returns a raw control character (a newline in Location was a 500)", () => {
    for (const c of ["\n", "\r", "\t", "\u0000", "\u001f", "\u007f"]) {
      const out = safeNext(`/inbox${c}x`);
      expect(out).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(out.startsWith("/inbox")).toBe(true);
    }
  });

  it("uses the given fallback", () => {
    expect(safeNext("//x", "")).toBe("");
  });
});
