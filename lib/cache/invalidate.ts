// Dropping cached values that a change made stale, here and in every other process using the
// database. PostgreSQL: NOTIFY on INVALIDATE_CHANNEL, heard by each instance's listener
// (lib/events/pg-listener.ts). SQLite: the other process is the admin CLI (or a second server on
// the same file), so a signal file next to the database is rewritten and servers check its stat
// before every cache read (one stat call): a change is seen by the next request, not a poll later.
import { statSync, writeFileSync } from "node:fs";
import type { Client } from "pg";
import { db } from "../db/client";
import { databaseConfig } from "../db/config";
import { isPostgres } from "../db/provider";
import { log } from "../log";
import { memo } from "./memo";

export const INVALIDATE_CHANNEL = "questions_invalidate";

/** Call after the change has committed, with the tags of what changed (`token:<id>`, `team:<id>`, …). */
export async function invalidate(tags: readonly string[]): Promise<void> {
  memo.invalidate(tags);
  try {
    if (isPostgres()) {
      await db().$executeRawUnsafe("SELECT pg_notify($1, $2)", INVALIDATE_CHANNEL, tags.join(" "));
    } else {
      // Content changes every time (time and a counter), so the stat always changes too.
      writeFileSync(signalFile(), `${Date.now()} ${process.pid} ${++g.__questionsSignalCount!} ${tags.join(" ")}\n`, { mode: 0o600 });
    }
  } catch (e) {
    // The change itself has committed; other processes still drop the value within the TTL.
    log.error({ error: (e as Error).name }, "could not tell other processes to drop cached values");
  }
}

function signalFile(): string {
  const cfg = databaseConfig();
  if (cfg.provider !== "sqlite") throw new Error("the signal file is for SQLite");
  return `${cfg.file}-invalidate`;
}

const g = globalThis as unknown as { __questionsSignalCount?: number };
g.__questionsSignalCount ??= 0;

/** SQLite: clear every cached value whenever the signal file changed (it names only the last change's tags). */
export function watchInvalidations(): void {
  if (isPostgres() || memo.beforeRead) return;
  const file = signalFile();
  const stamp = () => {
    const s = statSync(file, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.ino}:${s.mtimeNs}:${s.ctimeNs}:${s.size}` : "";
  };
  let last = stamp();
  memo.beforeRead = () => {
    const now = stamp();
    if (now === last) return;
    last = now;
    memo.clear();
  };
}

/**
 * PostgreSQL: called by the listener on every (re)connect. Notifications sent while it was not
 * listening are lost, so everything cached is dropped first.
 */
export async function listenInvalidations(c: Client): Promise<void> {
  c.on("notification", (n) => {
    if (n.channel === INVALIDATE_CHANNEL) memo.invalidate((n.payload ?? "").split(" ").filter(Boolean));
  });
  await c.query(`LISTEN ${INVALIDATE_CHANNEL}`);
  memo.clear();
}
