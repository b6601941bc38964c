import { describe, expect, it } from "vitest";
import { dateBounds, parseHistoryQuery } from "./history-query";
import { searchKey } from "./search-text";

describe("dateBounds", () => {
  it("a bare `from` day starts at 00:00 UTC; a bare `to` day includes the whole day", () => {
    expect(dateBounds({ from: "2026-03-01", to: "2026-03-02" })).toEqual({ gte: new Date("2026-03-01T00:00:00.000Z"), lt: new Date("2026-03-03T00:00:00.000Z") });
  });

  it("instants are taken as they are, `to` inclusive", () => {
    expect(dateBounds({ from: "2026-03-01T10:00:00Z", to: "2026-03-01T11:00:00Z" })).toEqual({ gte: new Date("2026-03-01T10:00:00Z"), lte: new Date("2026-03-01T11:00:00Z") });
  });

  it("no bounds, no filter", () => {
    expect(dateBounds({})).toEqual({});
  });

  it("the query rejects malformed dates by field", () => {
    const r = parseHistoryQuery({ from: "yesterday" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(["from"]);
  });
});

describe("searchKey", () => {
  it("lower-cases and turns LIKE's special characters into literal stand-ins", () => {
    expect(searchKey("50%_OFF\\x")).toBe("50\uE025\uE05Foff\uE05Cx");
    expect(searchKey("50%")).not.toContain("%");
  });
});
