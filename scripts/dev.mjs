// `npm run dev`: the same server as `npm start` (scripts/server.mjs: the realtime routes and Next.js
// on one node:http server) with Next in development mode. lib/ is compiled into the core package on
// every change (scripts/build-core.mjs --watch) and the server restarts with it: Node keeps the
// modules it has loaded, so a changed lib/ needs a new process. app/ and components/ reload in place.
// Usage: npm run dev [-- -p PORT] [-- -H HOST]
import { spawn } from "node:child_process";
import path from "node:path";
import { buildCore } from "./build-core.mjs";
import { prepareDb } from "./prepare-db.mjs";

await prepareDb();
const server = path.resolve(import.meta.dirname, "server.mjs");
let child = null;
let restarting = false;

function start() {
  child = spawn(process.execPath, [server, "--dev", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "development" },
  });
  child.on("exit", (code, signal) => {
    if (restarting) return;
    // Stopped by a signal we passed on, or failed at start: end with it.
    process.exit(code ?? (signal ? 0 : 1));
  });
}

function restart(changed) {
  if (!child) return start();
  if (changed === 0) return;
  console.log("lib/ changed: restarting the server");
  restarting = true;
  child.once("exit", () => {
    restarting = false;
    start();
  });
  child.kill("SIGTERM");
}

await buildCore({ watch: true, onBuilt: restart });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child?.kill(sig));
