// A running bridge's open requests on disk, one small file per process, so that the next start
// withdraws what a run killed with SIGKILL (no handler runs) left pending. The directory is
// QUESTIONS_BRIDGE_STATE_DIR, else ~/.local/state/openoxide-questions/bridge-runs.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

type Journal = { pid: number; url: string; requests: string[] };

function dir(): string {
  return process.env.QUESTIONS_BRIDGE_STATE_DIR?.trim() || path.join(homedir(), ".local", "state", "openoxide-questions", "bridge-runs");
}

const own = () => path.join(dir(), `${process.pid}.json`);

/** Rewrites this run's file (a few ids: cheap; renamed into place, never half-written). */
export function recordRun(url: string, requests: string[]): void {
  try {
    mkdirSync(dir(), { recursive: true, mode: 0o700 });
    const tmp = `${own()}.tmp`;
    writeFileSync(tmp, JSON.stringify({ pid: process.pid, url, requests } satisfies Journal), { mode: 0o600 });
    renameSync(tmp, own());
  } catch {
    // A read-only home must not stop the bridge: only the kill -9 clean-up is lost.
  }
}

export function forgetRun(): void {
  rmSync(own(), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  return !zombie(pid);
}

/** A killed run stays a zombie until its new parent reaps it, and signal 0 still reaches one
 *  (Linux; elsewhere there is no /proc and the run counts as alive). */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" && process.platform === "linux";
  }
}

/** Withdraws the requests of dead runs against the same app; returns how many it tried. */
export async function reconcileDeadRuns(url: string, cancel: (id: string) => Promise<void>): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(dir()).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    const file = path.join(dir(), name);
    let journal: Journal;
    try {
      journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
    } catch {
      continue;
    }
    if (journal.pid === process.pid || journal.url !== url || alive(journal.pid)) continue;
    for (const id of journal.requests) await cancel(id);
    n += journal.requests.length;
    rmSync(file, { force: true });
  }
  return n;
}
