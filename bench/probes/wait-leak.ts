// Does an ended wait leave anything behind? Runs N long-polls (the real waitForRequest on a real
// SQLite file) and N event streams opened and closed in-process, and prints the JS heap after a
// full GC before and after. Run with: node --expose-gc --import tsx bench/probes/wait-leak.ts [N]
// Prints one JSON line: { n, before, after, growth } (bytes).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const n = Number(process.argv[2] || 20_000);
const dir = mkdtempSync(path.join(tmpdir(), "oq-wait-leak-"));
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL = "silent";
execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { env: process.env, stdio: ["ignore", "ignore", "inherit"] });

const { db, closeDb } = await import("../../lib/db/client");
const { waitForRequest } = await import("../../lib/questions/wait");
const { EventStream } = await import("../../lib/events/sse");
const { hub } = await import("../../lib/events/hub");

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");

await db().team.create({ data: { id: "team_leak", slug: "leak", name: "Leak" } });
await db().questionRequest.create({
  data: { id: "qr_leak", teamId: "team_leak", source: "api", mode: "questions", agentName: "probe", questions: "[]" },
});
await hub.ready();
const scope = { teamId: "team_leak" };
const audience = { teamIds: ["team_leak"], visible: () => true };
// A socket that takes everything at once (the routes' is node's ServerResponse, lib/events/sink.ts).
const sink = { write: () => {}, queued: () => 0, hasRoom: () => true, onRoom: () => {}, end: () => {} };

async function round(count: number): Promise<void> {
  const batch = 1000; // each long-poll sleeps 1 s: bigger batches take fewer seconds, not more memory at the end
  for (let done = 0; done < count; done += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - done) }, async () => {
        // A long-poll that times out after sleeping, and a stream that is opened and cancelled.
        await waitForRequest(scope, "qr_leak", 1);
        const ac = new AbortController();
        new EventStream(audience, null, ac.signal).start(sink);
        await new Promise((r) => setImmediate(r));
        ac.abort();
      }),
    );
  }
}

async function heap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 20));
  }
  return process.memoryUsage().heapUsed;
}

await round(Math.min(2000, n)); // warm-up: lazy modules, caches and JIT settle first
const before = await heap();
await round(n);
const after = await heap();
await closeDb();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ n, before, after, growth: after - before }));
