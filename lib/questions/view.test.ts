import { describe, expect, it } from "vitest";
import type { RequestRow } from "../db/types";
import { peekView, toView } from "./view";

function row(over: Partial<RequestRow> = {}): RequestRow {
  return {
    id: "qr_01TEST",
    teamId: "team_1",
    tokenId: "tok_1",
    status: "pending",
    source: "api",
    mode: "interactive",
    title: 'A "quoted" title with ,"version":9} inside',
    context: null,
    agentName: "agent",
    sessionId: null,
    turnId: null,
    toolCallId: null,
    parentRequestId: null,
    questions: JSON.stringify([{ id: "version", kind: "freeform", prompt: '"status":"answered"' }]),
    response: null,
    searchText: "",
    createdAt: new Date("2026-12-01T00:00:00Z"),
    expiresAt: null,
    resolvedAt: null,
    resolvedBy: null,
    version: 1,
    callbackUrl: null,
    ...over,
  } as RequestRow;
}

describe("peekView", () => {
  it("reads status and version of toView's JSON as a parse would, whatever the text inside", () => {
    const rows = [
      row(),
      row({ status: "answered", version: 2, response: JSON.stringify({ answers: { version: { selected: [], custom: null, text: '","version":3}', note: null } } }) }),
      row({ status: "cancelled", version: 12345, response: JSON.stringify({ rejection: { reason: "cancelled", message: "version" } }) }),
      row({ id: 'qr_"odd\\id', status: "expired", version: 7 }),
    ];
    for (const r of rows) {
      const text = JSON.stringify(toView(r));
      const view = JSON.parse(text) as { status: string; version: number };
      expect(peekView(text, r.id)).toEqual({ status: view.status, version: view.version });
    }
  });

  it("gives up (null) on text in another shape, so the caller parses", () => {
    const text = JSON.stringify(toView(row({ status: "answered", version: 2 })));
    expect(peekView(text, "qr_other")).toBeNull(); // another request's payload
    const { id, status, ...rest } = JSON.parse(text) as Record<string, unknown>;
    expect(peekView(JSON.stringify({ status, id, ...rest }), "qr_01TEST")).toBeNull(); // keys reordered
    const { version, ...noVersion } = JSON.parse(text) as Record<string, unknown>;
    expect(version).toBe(2);
    expect(peekView(JSON.stringify(noVersion), "qr_01TEST")).toBeNull(); // version not last
    expect(peekView(JSON.stringify({ ...noVersion, version: "2" }), "qr_01TEST")).toBeNull();
  });
});
