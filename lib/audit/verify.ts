// Checks a team's chain from its first entry: consecutive seq, each prevHash equal to the hash
// before it, each hash recomputed from its data, and the listed columns equal to what data says.
// The first entry that fails is named; everything after it is unchecked (it cannot be trusted).
import { db } from "../db/client";
import { chainHash, type EntryData } from "./entry";

export type VerifyResult = { teamId: string; entries: number } & ({ ok: true } | { ok: false; seq: number; id: string; problem: string });

const PAGE = 1000;
type Row = { id: string; teamId: string; seq: number; at: Date; actor: string; address: string | null; action: string; target: string | null; data: string; prevHash: string; hash: string };

function columnsMatch(row: Row, data: EntryData): boolean {
  return (
    data.id === row.id &&
    data.teamId === row.teamId &&
    data.at === row.at.toISOString() &&
    data.actor === row.actor &&
    data.address === row.address &&
    data.action === row.action &&
    data.target === row.target
  );
}

function check(row: Row, expectedSeq: number, prevHash: string): string | null {
  if (row.seq !== expectedSeq) {
    return expectedSeq === 1 ? `the chain starts at #${row.seq}: entries before it are missing` : `follows #${expectedSeq - 1}: entry #${expectedSeq} is missing`;
  }
  if (row.prevHash !== prevHash) return "its previous-hash does not match the entry before it";
  if (chainHash(row.prevHash, row.data) !== row.hash) return "its content does not match its hash (changed)";
  let data: EntryData;
  try {
    data = JSON.parse(row.data) as EntryData;
  } catch {
    return "its data is not JSON";
  }
  if (!columnsMatch(row, data)) return "its columns differ from its hashed data (changed)";
  return null;
}

export async function verifyTeam(teamId: string): Promise<VerifyResult> {
  let expectedSeq = 1;
  let prevHash = "";
  let entries = 0;
  for (;;) {
    const rows: Row[] = await db().auditEntry.findMany({ where: { teamId, seq: { gte: expectedSeq } }, orderBy: { seq: "asc" }, take: PAGE });
    for (const row of rows) {
      const problem = check(row, expectedSeq, prevHash);
      if (problem) return { teamId, entries, ok: false, seq: row.seq, id: row.id, problem };
      entries++;
      expectedSeq++;
      prevHash = row.hash;
    }
    if (rows.length < PAGE) return { teamId, entries, ok: true };
  }
}
