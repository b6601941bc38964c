// Reading the trail: newest first in keyset pages (Settings → Audit), and the CSV export.
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../cursor";
import { db } from "../db/client";
import { inert } from "../questions/history-export";
import type { EntryData } from "./entry";

export type AuditItem = {
  id: string;
  seq: number;
  at: string;
  actor: string;
  address: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
};

export type AuditPage = { data: AuditItem[]; nextCursor: string | null };

const Cursor = z.object({ seq: z.number().int().positive() });
const SELECT = { id: true, seq: true, at: true, actor: true, address: true, action: true, target: true, data: true } as const;
type Row = { id: string; seq: number; at: Date; actor: string; address: string | null; action: string; target: string | null; data: string };

function item(r: Row): AuditItem {
  let details: Record<string, unknown> = {};
  try {
    details = (JSON.parse(r.data) as EntryData).details ?? {};
  } catch {
    // A damaged row still lists (verify names it).
  }
  return { id: r.id, seq: r.seq, at: r.at.toISOString(), actor: r.actor, address: r.address, action: r.action, target: r.target, details };
}

export async function listAudit(teamId: string, opts: { cursor?: string; limit?: number } = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const before = opts.cursor ? decodeCursor(opts.cursor, Cursor).seq : undefined;
  const rows = await db().auditEntry.findMany({
    where: { teamId, ...(before ? { seq: { lt: before } } : {}) },
    orderBy: { seq: "desc" },
    take: limit + 1,
    select: SELECT,
  });
  const page = rows.slice(0, limit).map(item);
  return { data: page, nextCursor: rows.length > limit ? encodeCursor({ seq: page.at(-1)!.seq }) : null };
}

export const AUDIT_CSV_COLUMNS = ["seq", "id", "at", "actor", "address", "action", "target", "details"] as const;

function csvRow(i: AuditItem): string[] {
  return [String(i.seq), i.id, i.at, i.actor, i.address ?? "", i.action, i.target ?? "", JSON.stringify(i.details)].map(inert);
}

/** The whole trail of a team, oldest first, as CSV, read in pages so memory stays flat. */
export function auditCsvStream(teamId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(stringify([[...AUDIT_CSV_COLUMNS]])));
      }
      const rows = await db().auditEntry.findMany({ where: { teamId, seq: { gt: after } }, orderBy: { seq: "asc" }, take: 500, select: SELECT });
      if (!rows.length) {
        controller.close();
        return;
      }
      after = rows.at(-1)!.seq;
      controller.enqueue(encoder.encode(stringify(rows.map((r) => csvRow(item(r))))));
    },
  });
}
