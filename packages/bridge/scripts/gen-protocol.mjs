// Regenerates src/codex/protocol/: the subset of `codex app-server generate-ts` output the runner
// uses (these roots and everything they import), straight from the installed @openai/codex binary.
// Run after upgrading @openai/codex: `node packages/bridge/scripts/gen-protocol.mjs`.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOTS = [
  "ClientInfo.ts",
  "InitializeParams.ts",
  "InitializeResponse.ts",
  "RequestId.ts",
  "v2/ThreadStartParams.ts",
  "v2/ThreadStartResponse.ts",
  "v2/TurnStartParams.ts",
  "v2/TurnStartResponse.ts",
  "v2/TurnCompletedNotification.ts",
  "v2/ItemStartedNotification.ts",
  "v2/ItemCompletedNotification.ts",
  "v2/ErrorNotification.ts",
  "v2/ToolRequestUserInputParams.ts",
  "v2/ToolRequestUserInputResponse.ts",
  "v2/CommandExecutionRequestApprovalParams.ts",
  "v2/CommandExecutionRequestApprovalResponse.ts",
  "v2/FileChangeRequestApprovalParams.ts",
  "v2/FileChangeRequestApprovalResponse.ts",
];

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, "../src/codex/protocol");
const scratch = mkdtempSync(path.join(tmpdir(), "codex-ts-"));
const bin = createRequire(import.meta.url).resolve("@openai/codex/bin/codex.js");
try {
  const env = { ...process.env, HOME: scratch, CODEX_HOME: scratch };
  execFileSync(process.execPath, [bin, "app-server", "generate-ts", "--out", path.join(scratch, "ts")], { env, stdio: "inherit" });
  const src = path.join(scratch, "ts");
  const seen = new Set();
  const queue = [...ROOTS];
  while (queue.length) {
    const file = path.normalize(queue.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(src, file), "utf8");
    for (const m of text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)) {
      queue.push(path.join(path.dirname(file), `${m[1]}.ts`));
    }
  }
  if (existsSync(out)) rmSync(out, { recursive: true });
  for (const file of [...seen].sort()) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    cpSync(path.join(src, file), path.join(out, file));
  }
  console.log(`${seen.size} files → ${path.relative(process.cwd(), out)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
