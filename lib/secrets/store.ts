// Secret answers after the reply: the one claim, the purge of unclaimed ones, key rotation.
import { db } from "../db/client";
import { AppError } from "../errors";
import { requireRequest, type Scope } from "../questions/read";
import { log } from "../log";
import { addActiveKey, keyRing, prepareKeys, type KeyRing } from "./keys";
import { open, seal, sealedKeyId } from "./seal";
import { SEALED_COLUMNS, sealedRows } from "./sealed";

export function retentionHours(): number {
  return Number(process.env.SECRET_RETENTION_HOURS || 24);
}

/** Names the row and its key, never a value (the sealed text included). */
function logUnreadable(r: { requestId: string; questionId: string; sealed: string | null }, e: unknown): void {
  log.error({ requestId: r.requestId, questionId: r.questionId, keyId: r.sealed ? sealedKeyId(r.sealed) : null, error: (e as Error)?.name }, "secret answer could not be decrypted");
}

/** The ids of the keys that anything stored (lib/secrets/sealed.ts) is sealed with. */
async function sealedKeyIds(): Promise<string[]> {
  const ids = new Set<string>();
  for await (const r of sealedRows()) ids.add(sealedKeyId(r.sealed));
  return [...ids].sort();
}

/** At start: refuses to run when a key that stored secrets need is missing (see keys.ts). */
export function checkKeys(): Promise<KeyRing> {
  return prepareKeys(sealedKeyIds);
}

/** Plaintext of a request's secret answers, to the creating token, once. */
export async function claimSecrets(opts: { scope: Scope & { tokenId: string }; id: string }): Promise<Record<string, string>> {
  const request = await requireRequest(opts.scope, opts.id);
  if (request.status !== "answered") {
    throw new AppError("conflict", `The request is ${request.status}; there is nothing to claim.`);
  }
  const rows = await db().secretAnswer.findMany({ where: { requestId: opts.id, teamId: opts.scope.teamId } });
  if (rows.length === 0) return {};
  if (rows.some((r) => r.claimedAt || r.purgedAt || !r.sealed)) {
    throw new AppError("secret_gone", "The secret answers of this request were already claimed or purged.");
  }
  // Decrypt before marking claimed: a value that cannot be opened must not be thrown away.
  const values: Record<string, string> = {};
  for (const r of rows) {
    try {
      values[r.questionId] = open(r.sealed!, { teamId: r.teamId, requestId: r.requestId, questionId: r.questionId });
    } catch (e) {
      logUnreadable(r, e);
      throw new AppError("internal", "A stored secret answer could not be decrypted.");
    }
  }
  const won = await db().secretAnswer.updateMany({
    where: { requestId: opts.id, claimedAt: null, purgedAt: null, sealed: { not: null } },
    data: { claimedAt: new Date(), sealed: null },
  });
  if (won.count !== rows.length) {
    throw new AppError("secret_gone", "The secret answers of this request were already claimed or purged.");
  }
  return values;
}

/** Drops unclaimed secrets past the retention window and expired idempotency records. */
export async function purge(now = new Date()): Promise<{ secrets: number; idempotencyRecords: number }> {
  const cutoff = new Date(now.getTime() - retentionHours() * 3600_000);
  const secrets = await db().secretAnswer.updateMany({
    where: { claimedAt: null, purgedAt: null, createdAt: { lt: cutoff } },
    data: { sealed: null, purgedAt: now },
  });
  const records = await db().idempotencyRecord.deleteMany({ where: { expiresAt: { lt: now } } });
  return { secrets: secrets.count, idempotencyRecords: records.count };
}

/**
 * Makes a new key active (file keys) and re-encrypts every sealed value (every column in
 * lib/secrets/sealed.ts) with the active key. A value that cannot be opened (tampered, or its key
 * is gone) is left as it is and counted: one bad row must not stop the others from moving.
 */
export async function rotateKeys(): Promise<{ activeKey: string; reencrypted: number; unreadable: number }> {
  await checkKeys();
  const ring = addActiveKey();
  let reencrypted = 0;
  let unreadable = 0;
  for (const column of SEALED_COLUMNS) {
    for await (const r of sealedRows([column])) {
      if (sealedKeyId(r.sealed) === ring.active) continue;
      let plaintext: string;
      try {
        plaintext = open(r.sealed, r.binding);
      } catch (e) {
        // By column, row id and key id only, as above.
        log.error({ column: r.column, id: r.id, keyId: sealedKeyId(r.sealed), error: (e as Error)?.name }, "sealed value could not be decrypted");
        unreadable++;
        continue;
      }
      reencrypted += await column.replace(r.id, r.sealed, seal(plaintext, r.binding));
    }
  }
  return { activeKey: keyRing().active, reencrypted, unreadable };
}
