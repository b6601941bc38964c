// The one server, for `npm start` and `npm run dev` alike (scripts/server.mjs): node:http with the
// intake checks every request passes (lib/api/intake.ts), the realtime routes (lib/http/realtime.ts),
// the build's static files compressed (static-assets.ts), and Next.js (its documented custom-server
// API) for pages and every other route. The background work (hub, expiry, outbox, sweeps) starts
// here, before the server listens.
import http from "node:http";
import next from "next";
import { API_HEADERS } from "../api/security-headers";
import { BodyLimitedMessage, intake } from "../api/intake";
import { startBackground } from "../background";
import { checkConfigOrExit } from "../config/check";
import { serveRealtime } from "./realtime";
import { staticAssets } from "./static-assets";

export type ServeOptions = { dev: boolean; dir: string; port: number; hostname: string };

export async function serve({ dev, dir, port, hostname }: ServeOptions): Promise<void> {
  checkConfigOrExit();
  await startBackground();
  const app = next({ dev, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const fixed = Object.entries(API_HEADERS);
  // The build's scripts and styles, compressed (Next's own compression is off); dev serves its own.
  const serveStatic = dev ? () => false : staticAssets(dir);

  // BodyLimitedMessage counts body bytes as they arrive (the body limit, chunked bodies included);
  // intake refuses a bad Host, a broken percent-escape or a declared oversized body before any route.
  const server = http.createServer({ IncomingMessage: BodyLimitedMessage }, (req, res) => {
    if (intake(req, res, fixed)) return;
    if (serveRealtime(req, res)) return;
    if (serveStatic(req, res)) return;
    handle(req, res).catch((e: unknown) => {
      console.error(`Failed to handle request for ${req.url}`, (e as Error)?.name);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.on("error", (e) => {
    console.error(`Failed to start server: ${e.message}`);
    process.exit(1);
  });
  server.listen(port, hostname, () => console.log(`Ready on http://${hostname}:${port}`));

  // As `next start` does: stop accepting, let open requests finish (the background's drain ends
  // waits and streams at once), close Next, then exit 128 + the signal's number.
  let stopping = false;
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close(async () => {
        await app.close().catch(() => {});
        process.exit(code);
      });
      // Keep-alive connections with no request in flight would hold close() open.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 250).unref();
    });
  }
}
