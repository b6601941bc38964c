// A scratch CODEX_HOME whose config sends Codex to a scripted Responses-API model (offline).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface CodexHome {
  /** Env for the process that starts `codex app-server` (HOME, CODEX_HOME, the fake key). */
  env: Record<string, string>;
  /** A scratch project directory to run the turn in. */
  workdir: string;
  dir: string;
  cleanup(): void;
}

/** `sandboxMode: "read-only"` makes Codex ask before it changes a file. */
export function codexHome(modelBaseUrl: string, opts: { sandboxMode?: "read-only" | "workspace-write" } = {}): CodexHome {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-codex-"));
  const home = path.join(dir, "home");
  const codex = path.join(home, ".codex");
  const workdir = path.join(dir, "project");
  mkdirSync(codex, { recursive: true });
  mkdirSync(workdir, { recursive: true });
  writeFileSync(
    path.join(codex, "config.toml"),
    [
      'model = "scripted"',
      'model_provider = "fake"',
      'approval_policy = "on-request"',
      ...(opts.sandboxMode ? [`sandbox_mode = "${opts.sandboxMode}"`] : []),
      "",
      "[model_providers.fake]",
      'name = "Scripted"',
      `base_url = "${modelBaseUrl}"`,
      'wire_api = "responses"',
      'env_key = "FAKE_KEY"',
      "",
      "[features]",
      "default_mode_request_user_input = true",
      "",
    ].join("\n"),
  );
  return {
    env: { HOME: home, CODEX_HOME: codex, FAKE_KEY: "scripted" },
    workdir,
    dir,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
