// The production server: Next.js through its documented custom-server API, with a small front
// (lib/api/front.ts) that serves long-polls, event streams and request creation straight from
// node:http (docs/decisions.md "Custom server in front of Next for waits, streams and create").
// Usage: node scripts/server.mjs [-p PORT] [-H HOST]  (else $PORT/$HOST; run in the app directory)
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import v8 from "node:v8";

// V8 lets the heap grow to up to 4× what was live at the last full GC before collecting again;
// with 10,000 open event streams (~150 MB live) that was ~430 MB of heap, half of it garbage.
// 1.5× keeps the peak near the live size at no measurable CPU cost on create (docs/decisions.md
// "V8 heap growth"). A --heap-growing-percent given on the command line wins.
if (!process.execArgv.some((a) => a.startsWith("--heap-growing-percent"))) v8.setFlagsFromString("--heap-growing-percent=50");

// The environment is read, never written (docs/decisions.md "Configuration: one public origin, no
// environment writes"): NODE_ENV must come from whoever starts us (npm start sets it), since React
// and Next pick their production code from it as they load.
if (process.env.NODE_ENV !== "production") {
  console.error("scripts/server.mjs serves the production build: run it with NODE_ENV=production (npm start does).");
  process.exit(1);
}

function arg(short, long) {
  const i = process.argv.findIndex((a) => a === short || a === long);
  return i === -1 ? undefined : process.argv[i + 1];
}

const dir = process.cwd();
const port = Number(arg("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = arg("-H", "--hostname") ?? process.env.HOST ?? "0.0.0.0";

/** The fixed headers next.config.mjs gives API responses, as the build recorded them. */
function apiHeaders() {
  const manifest = JSON.parse(readFileSync(path.join(dir, ".next/routes-manifest.json"), "utf8"));
  const out = new Map();
  for (const rule of manifest.headers ?? []) {
    if (!new RegExp(rule.regex).test("/api/v1/requests")) continue;
    for (const h of rule.headers) out.set(h.key.toLowerCase(), h.value);
  }
  return [...out];
}

// instrumentation.ts register() registers the front as its last step (lib/api/front.ts
// registerFront calls this); Next runs register() in the background after prepare(), so we wait.
const registered = new Promise((resolve) => (globalThis.__questionsOnFront = resolve));
const { default: next } = await import("next");
const app = next({ dev: false, dir, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
const timeout = setTimeout(() => {
  console.error("The front's routes were not registered within 120 s (instrumentation.ts register() did not finish).");
  process.exit(1);
}, 120_000);
const { IncomingMessage, intake, front } = await registered;
clearTimeout(timeout);
const fixed = apiHeaders();

// OQ_FRONT=off: everything through Next, to compare (tests/api/front.test.ts, the bench probes).
const useFront = process.env.OQ_FRONT !== "off";

// IncomingMessage counts body bytes as they arrive (the body limit, chunked bodies included);
// intake refuses a bad Host, a broken percent-escape or a declared oversized body before any
// route (lib/api/intake.ts).
const server = http.createServer({ IncomingMessage }, (req, res) => {
  if (intake(req, res, fixed)) return;
  if (useFront && front(req, res, fixed)) return;
  handle(req, res).catch((e) => {
    console.error(`Failed to handle request for ${req.url}`, e?.name);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.on("error", (e) => {
  console.error(`Failed to start server: ${e.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => console.log(`Ready on http://${hostname}:${port}`));

// As `next start` does: stop accepting, let open requests finish (instrumentation's drain ends
// waits and streams at once), close Next, then exit 128 + the signal's number.
let stopping = false;
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await app.close().catch(() => {});
      process.exit(code);
    });
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 250);
    idle.unref();
  });
}
