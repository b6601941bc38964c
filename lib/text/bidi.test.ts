import { describe, expect, it } from "vitest";
import { stripBidiControls, stripBidiDeep } from "./bidi";

describe("bidi controls", () => {
  it("removes overrides, embeddings and isolates", () => {
    expect(stripBidiControls("invoice\u202Egnp.exe")).toBe("invoicegnp.exe");
    for (const c of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(stripBidiControls(`a${c}b`)).toBe("ab");
    }
  });

  it("keeps marks and right-to-left text", () => {
    expect(stripBidiControls("שלום\u200F world \u200E")).toBe("שלום\u200F world \u200E");
  });

  it("walks nested values and leaves non-strings alone", () => {
    const input = { title: "\u202Eabc", n: 3, flag: true, none: null, questions: [{ options: [{ label: "x\u2066y", description: "ok" }] }] };
    expect(stripBidiDeep(input)).toEqual({ title: "abc", n: 3, flag: true, none: null, questions: [{ options: [{ label: "xy", description: "ok" }] }] });
  });
});
