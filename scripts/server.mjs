// The server: Next.js through its documented custom-server API, with the realtime routes (long-poll,
// event streams, MCP, the Claude Code hook) served from node:http by the core package
// (lib/http/server.ts; docs/decisions.md "One HTTP path per route").
// Usage: node scripts/server.mjs [--dev] [-p PORT] [-H HOST]  (else $PORT/$HOST; run in the app directory)
// `npm start` runs it with NODE_ENV=production on the build, `npm run dev` (scripts/dev.mjs) with --dev.
import v8 from "node:v8";

// V8 lets the heap grow to up to 4× what was live at the last full GC before collecting again;
// with 10,000 open event streams (~150 MB live) that was ~430 MB of heap, half of it garbage.
// 1.5× keeps the peak near the live size at no measurable CPU cost on create (docs/decisions.md
// "V8 heap growth"). A --heap-growing-percent given on the command line wins.
if (!process.execArgv.some((a) => a.startsWith("--heap-growing-percent"))) v8.setFlagsFromString("--heap-growing-percent=50");

const dev = process.argv.includes("--dev");
// The environment is read, never written (docs/decisions.md "Configuration: one public origin, no
// environment writes"): NODE_ENV must come from whoever starts us, since React and Next pick their
// production or development code from it as they load.
if ((process.env.NODE_ENV === "production") === dev) {
  console.error(dev ? "--dev needs NODE_ENV=development (npm run dev sets it)." : "scripts/server.mjs serves the production build: run it with NODE_ENV=production (npm start does).");
  process.exit(1);
}

function arg(short, long) {
  const i = process.argv.findIndex((a) => a === short || a === long);
  return i === -1 ? undefined : process.argv[i + 1];
}

const { serve } = await import("@openoxide/questions-core/http/server");
await serve({
  dev,
  dir: process.cwd(),
  port: Number(arg("-p", "--port") ?? process.env.PORT ?? 3000),
  hostname: arg("-H", "--hostname") ?? process.env.HOST ?? "0.0.0.0",
});
