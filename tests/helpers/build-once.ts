// Builds the production app if sources changed, under a lock: parallel test runs (several
// suites, or several developers' runs in one checkout) must not build into .next at once.
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { build, buildCore, needsBuild } from "../../scripts/start.mjs";
import { ROOT } from "./server";

const LOCK = path.join(ROOT, ".next-build.lock");

/** Runs fn while holding the build lock (a directory; a holder older than 10 minutes is stale). */
export async function withBuildLock<T>(fn: () => T): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 10 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export function buildOnce(): Promise<void> {
  return withBuildLock(() => {
    if (needsBuild()) build();
    else buildCore();
  });
}
