// `npm test`: type check, unit tests, the API suite against a real server and database, then the
// browser suite (Playwright in Debian's Chromium) against a real server.
import { execFileSync } from "node:child_process";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
try {
  run("npx", ["tsc", "--noEmit"]);
  run("npx", ["vitest", "run", "--project", "unit", "--project", "api"]);
  run("npx", ["playwright", "test"]);
} catch (e) {
  process.exit(typeof e.status === "number" ? e.status : 1);
}
