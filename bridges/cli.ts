// `npm run bridge -- opencode --url …` | `npm run bridge -- codex [--cwd DIR] -- "<prompt>"`
import { parseCodexArgs, runCodex } from "./codex/run";
import { BridgeError } from "./core/errors";
import { describe } from "./core/env";
import { parseOpenCodeArgs, runOpenCode } from "./opencode/bridge";

const USAGE = `Usage:
  npm run bridge -- opencode --url <opencode server URL>
  npm run bridge -- codex [--cwd DIR] -- "<prompt>"
Environment: QUESTIONS_URL (default http://localhost:3000), QUESTIONS_TOKEN (an ask token),
OPENCODE_SERVER_PASSWORD (when the OpenCode server has one).`;

async function main(argv: string[]): Promise<number> {
  const [runtime, ...args] = argv;
  if (runtime === "codex") return runCodex(parseCodexArgs(args));
  if (runtime === "opencode") {
    // Stopping leaves inbox requests pending on purpose: the next start picks them up again.
    const stop = new AbortController();
    process.once("SIGINT", () => stop.abort());
    process.once("SIGTERM", () => stop.abort());
    return runOpenCode(parseOpenCodeArgs(args), stop.signal);
  }
  throw new BridgeError(runtime ? `Unknown runtime "${runtime}".\n${USAGE}` : USAGE, 2);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bridge: ${e instanceof BridgeError ? e.message : describe(e)}\n`);
    process.exit(e instanceof BridgeError ? e.exitCode : 1);
  },
);
