// A PostgreSQL event notification that carries its Event row, so the other instances' hubs deliver
// it without reading it back (lib/events/hub.ts notified()). The row's id is the database's,
// known only inside the writing query: the SQL puts it between the two halves built here.
// NOTIFY payloads stop at 8,000 bytes; a row that does not fit is announced the plain way (the
// writer's instance id) and read by the others, as before.
import type { EventRow } from "../db/types";
import { markTokenLive } from "./token-live";

const MAX_BYTES = 7_900; // under PostgreSQL's 8,000, with room for the id and LIVE_FIELD

export type NoticeHalves = { before: string; after: string };

/** Put between the id and the second half when the writing transaction found the request's token live (./token-live.ts). */
export const LIVE_FIELD = ',"l":1';

/** The payload around the row's id, or null when the row is too large to travel in a notification. */
export function eventNotice(instance: string, row: Omit<EventRow, "id">): NoticeHalves | null {
  const before = `{"i":${JSON.stringify(instance)},"id":`;
  const after = `,"teamId":${JSON.stringify(row.teamId)},"requestId":${JSON.stringify(row.requestId)},"tokenId":${JSON.stringify(row.tokenId)},"type":${JSON.stringify(row.type)},"createdAt":${JSON.stringify(row.createdAt.toISOString())},"payload":${JSON.stringify(row.payload)}}`;
  return Buffer.byteLength(before) + Buffer.byteLength(after) > MAX_BYTES ? null : { before, after };
}

type Parsed = { i: string; id: number; l?: 1; teamId: string; requestId: string; tokenId: string | null; type: string; createdAt: string; payload: string };

/** The instance that wrote and its row, from a payload eventNotice() shaped; null for any other payload. */
export function parseNotice(payload: string): { instance: string; row: EventRow } | null {
  if (!payload.startsWith("{")) return null;
  try {
    const p = JSON.parse(payload) as Parsed;
    if (typeof p.i !== "string" || !Number.isSafeInteger(p.id) || typeof p.payload !== "string") return null;
    const row = { id: p.id, teamId: p.teamId, requestId: p.requestId, tokenId: p.tokenId, type: p.type, payload: p.payload, createdAt: new Date(p.createdAt) };
    if (p.l === 1) markTokenLive(row);
    return { instance: p.i, row };
  } catch {
    return null;
  }
}
