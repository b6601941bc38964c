#!/usr/bin/env node
// `questions-bridge opencode --url …` | `questions-bridge codex [--cwd DIR] -- "<prompt>"`
// (in this repository: `npm run bridge -- …`)
import { parseCodexArgs, runCodex } from "./codex/run.ts";
import { BridgeError } from "./core/errors.ts";
import { describe } from "./core/env.ts";
import { parseOpenCodeArgs, runOpenCode } from "./opencode/bridge.ts";
import { run } from "./core/withdraw.ts";

const USAGE = `Usage:
  questions-bridge opencode --url <opencode server URL>
  questions-bridge codex [--cwd DIR] -- "<prompt>"
(in the OpenOxide Questions repository: npm run bridge -- …)
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
