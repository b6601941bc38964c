// WAL checkpoints off the server's thread. SQLite's automatic checkpoint runs inside the commit
// that takes the WAL past 1,000 pages: it copies the pages into the database file and syncs both,
// several milliseconds during which the one thread answers nothing — on the answer-latency path,
// about one commit in fifty (a create and a reply write ~45 pages). A worker thread with its own
// connection checkpoints instead (PASSIVE: it never waits for, nor blocks, the writer), so the
// WAL is kept short without the server's commits paying for it. The automatic checkpoint stays as
// a backstop at a higher mark, for a worker that falls behind (docs/decisions.md "Answer latency").
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const EVERY_MS = 200;
/** The writer's own checkpoint only past this many WAL pages (~40 MB): the worker's should come first. */
export const BACKSTOP_PAGES = 10_000;

// CommonJS, as the worker runs it (eval); the driver's path is resolved here, where the app resolves it.
const WORKER = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // busy (another checkpoint under way) or a moment of contention: the next turn tries again
  }
}, workerData.everyMs);
`;

/** Starts checkpointing `file` from a worker thread; the returned function stops it. `failed`: the worker is gone. */
export function startCheckpointer(file: string, failed: () => void): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs: EVERY_MS }, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 } });
  worker.unref();
  let stopping = false;
  // A worker that fails hands checkpoints back to the writer (the caller restores SQLite's default).
  worker.on("error", () => {});
  worker.on("exit", () => {
    if (!stopping) failed();
  });
  return async () => {
    stopping = true;
    await worker.terminate();
  };
}
