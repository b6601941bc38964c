// waits.confirm on a real SQLite file: a wait woken by a change whose own transaction found the
// token live hands its answer over without reading the token again; any other wait reads it, and
// a token that is gone (revoked or unknown) ends the lease as revoked.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ownSqliteFile } from "../../tests/helpers/sqlite-file";

const file = ownSqliteFile("oq-waits-");

const { closeDb } = await import("../db/client");
const { waits } = await import("./waits");

beforeAll(file.prepare, 60_000);
afterAll(async () => {
  await closeDb();
  file.restore();
});

// No such token row: a read would find it gone, so only a skipped read confirms it.
const UNKNOWN = "tok_not_in_the_database";

it("takes the token as live without a read when the waking change found this token live", async () => {
  const lease = waits.forToken(UNKNOWN);
  try {
    expect(await waits.confirm(lease, UNKNOWN)).toBe(true);
    expect(lease.revoked).toBe(false);
  } finally {
    lease.release();
  }
});

it("reads the token when the waking change found another token live, or none", async () => {
  for (const liveToken of ["tok_someone_else", null, undefined]) {
    const lease = waits.forToken(UNKNOWN);
    try {
      expect(await waits.confirm(lease, liveToken)).toBe(false);
      expect(lease.revoked).toBe(true);
    } finally {
      lease.release();
    }
  }
});
