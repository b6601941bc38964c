// `npm run bridge -- opencode --url …` | `npm run bridge -- codex [--cwd DIR] -- "<prompt>"`
import { parseCodexArgs, runCodex } from "./codex/run";
import { BridgeError } from "./core/errors";
import { describe } from "./core/env";
import { parseOpenCodeArgs, runOpenCode } from "./opencode/bridge";
import { run } from "./core/withdraw";

const USAGE = `Usage:
  npm run bridge -- opencode --url <opencode server URL>
  npm run bridge -- codex [--cwd DIR] -- "<prompt>"
Environment: QUESTIONS_URL (default http://localhost:3000), QUESTIONS_TOKEN (an ask token),
OPENCODE_SERVER_PASSWORD (when the OpenCode server has one).`;

async function main(argv: string[]): Promise<number> {
  const [runtime, ...args] = argv;
  if (runtime === "codex") return runCodex(parseCodexArgs(args));
  if (runtime === "opencode") return runOpenCode(parseOpenCodeArgs(args), new AbortController().signal);
  throw new BridgeError(runtime ? `Unknown runtime "${runtime}".\n${USAGE}` : USAGE, 2);
}

// Every way out passes through run.exit(), which withdraws this run's open requests first.
run.installHandlers();
main(process.argv.slice(2)).then(
  (code) => run.exit(code),
  (e: unknown) => {
    process.stderr.write(`bridge: ${e instanceof BridgeError ? e.message : describe(e)}\n`);
    return run.exit(e instanceof BridgeError ? e.exitCode : 1);
  },
);
