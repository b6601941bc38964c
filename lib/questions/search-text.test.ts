import { describe, expect, it } from "vitest";
import { rejection } from "./messages";
import { resolutionSearchText } from "./search-text";

const none = { selected: [], custom: null, text: null, note: null };

describe("resolutionSearchText", () => {
  it("adds chosen options, Other text, free text and notes, lower-cased; a secret answer adds only its note", () => {
    const text = resolutionSearchText({
      answers: {
        a: { ...none, selected: ["PostgreSQL"], note: "Fast Enough" },
        b: { ...none, custom: "Redis Streams" },
        c: { ...none, text: "Ship On Friday" },
        key: { ...none, note: "rotate", secret: { provided: true, claimedAt: null, purgedAt: null } },
      },
    });
    expect(text.split("\n")).toEqual(["postgresql", "fast enough", "redis streams", "ship on friday", "rotate"]);
  });

  it("adds a reviewer's reason, nothing for system outcomes or pending", () => {
    expect(resolutionSearchText({ rejection: rejection("reviewer_rejected", "Out Of Scope") })).toContain("out of scope");
    expect(resolutionSearchText({ rejection: rejection("expired") })).toBe("");
    expect(resolutionSearchText(null)).toBe("");
  });
});
