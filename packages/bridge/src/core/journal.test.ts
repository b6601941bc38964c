// The journal of a run killed with SIGKILL is withdrawn by the next start, also while the killed
// process is still a zombie (its new parent reaps it late, and signal 0 still reaches a zombie).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { reconcileDeadRuns } from "./journal.ts";

const url = "http://127.0.0.1:1";
let dir = "";
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  delete process.env.QUESTIONS_BRIDGE_STATE_DIR;
});

function journal(pid: number, requests: string[]): void {
  dir = mkdtempSync(path.join(tmpdir(), "oq-journal-"));
  process.env.QUESTIONS_BRIDGE_STATE_DIR = dir;
  writeFileSync(path.join(dir, `${pid}.json`), JSON.stringify({ pid, url, requests }));
}

function state(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
}

async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
}

async function reconcile(): Promise<string[]> {
  const cancelled: string[] = [];
  await reconcileDeadRuns(url, async (id) => void cancelled.push(id));
  return cancelled;
}

describe("reconcileDeadRuns", () => {
  test("withdraws a killed run that is still a zombie", async () => {
    // `exec sleep` becomes the parent of the background sleep and never reaps it: a zombie once killed.
    const parent = spawn("sh", ["-c", "sleep 60 & echo $!; exec sleep 60"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      const pid = await new Promise<number>((resolve) => parent.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
      // Killed only once the shell has become `sleep`: a shell still running would reap it.
      await until(() => readFileSync(`/proc/${parent.pid}/comm`, "utf8").trim() === "sleep");
      process.kill(pid, "SIGKILL");
      await until(() => state(pid) === "Z"); // the kill lands asynchronously
      journal(pid, ["qr_zombie"]);
      expect(await reconcile()).toEqual(["qr_zombie"]);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  test("leaves a live run's requests alone", async () => {
    journal(1, ["qr_live"]); // init: always alive
    expect(await reconcile()).toEqual([]);
  });
});
