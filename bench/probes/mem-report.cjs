// Preload for the app server (BENCH_NODE_FLAGS="--require <this file>"): on SIGWINCH it appends the
// process's memory split (V8 heap used/total, external, array buffers, RSS) to mem-report.jsonl in
// its working directory, to tell V8 heap from malloc'd memory when RSS grows.
const { appendFileSync } = require("node:fs");
const v8 = require("node:v8");
process.on("SIGWINCH", () => {
  const m = process.memoryUsage();
  const mb = (b) => Math.round(b / 1048576);
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [mb(s.space_used_size), mb(s.space_size)]]));
  // With --expose-gc: the live part too (heap used after a full GC), to tell garbage from live objects.
  let live;
  if (global.gc) {
    global.gc();
    live = mb(process.memoryUsage().heapUsed);
  }
  appendFileSync("mem-report.jsonl", JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), live, heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), spaces }) + "\n");
});
