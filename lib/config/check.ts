// Start-up gate shared by the server (lib/http/server.ts) and `npm start` (scripts/start.mjs):
// a bad variable stops the process with a message naming it, before anything is served.
import { ConfigError, env, type Config } from "./env";

export function checkConfigOrExit(): Config {
  try {
    return env();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`${e.message}\nSee the Configuration section of README.md.\n`);
    return process.exit(1);
  }
}
