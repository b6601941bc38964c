import { describe, expect, it } from "vitest";
import { clientAddress, dropUntrustedForwarded } from "./client-address";

describe("clientAddress", () => {
  it.each([
    ["no header", undefined, 0, "unknown"],
    ["peer only (guard ran)", "10.0.0.5", 0, "10.0.0.5"],
    ["no proxy trusted: the last entry, never a client-chosen first one", "6.6.6.6, 10.0.0.5", 0, "10.0.0.5"],
    ["one proxy: the address it appended", "6.6.6.6, 203.0.113.9", 1, "203.0.113.9"],
    ["two proxies: one further left", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2, "203.0.113.9"],
    ["more proxies than entries: the leftmost", "203.0.113.9", 3, "203.0.113.9"],
  ])("%s", (_name, xff, trust, expected) => {
    const headers = new Headers(xff ? { "x-forwarded-for": xff } : {});
    expect(clientAddress(headers, trust)).toBe(expected);
  });

  it("reads node-style header records too", () => {
    expect(clientAddress({ "x-forwarded-for": "1.1.1.1, 2.2.2.2" }, 1)).toBe("2.2.2.2");
  });
});

describe("dropUntrustedForwarded (run by intake on every request)", () => {
  const sent = () => ({ headers: { host: "a", "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil", "x-forwarded-proto": "https", forwarded: "for=1", "x-real-ip": "1", cookie: "c" } });

  it("with no trusted proxy drops every forwarded header a client could send, and nothing else", () => {
    const req = sent();
    dropUntrustedForwarded(req, 0);
    expect(req.headers).toEqual({ host: "a", cookie: "c" });
  });

  it("behind a trusted proxy keeps them", () => {
    const req = sent();
    dropUntrustedForwarded(req, 1);
    expect(req.headers).toEqual(sent().headers);
  });
});
