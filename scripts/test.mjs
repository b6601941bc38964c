// `npm test`: type check, unit tests, then the API suite against a real server and database.
import { execFileSync } from "node:child_process";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
try {
  run("npx", ["tsc", "--noEmit"]);
  run("npx", ["vitest", "run"]);
} catch (e) {
  process.exit(typeof e.status === "number" ? e.status : 1);
}
