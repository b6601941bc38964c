// `npm start` is what systemd, Docker and process managers run and signal: SIGTERM (or SIGINT)
// to the npm process must drain the server (waits end 503 + Retry-After) and stop it, and npm
// must exit with it. Runs the real `npm start` against its own DATA_DIR.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { createToken } from "../helpers/cli";
import { singleSelect } from "../helpers/clients";
import { dbEnv, freePort, migrate, ROOT } from "../helpers/server";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function npmStart(): Promise<{ npm: ChildProcess; url: string; token: string; output: () => string; exited: Promise<number | null> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "oq-start-"));
  dirs.push(dataDir);
  migrate(dataDir);
  const token = createToken(dataDir, { name: "agent", scopes: "ask" });
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv(dataDir), PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", RATE_LIMIT_PER_MINUTE: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(npm);
  let out = "";
  npm.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  npm.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${out}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { npm, url, token, output: () => out, exited };
}

describe("npm start and signals", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("%s to the npm process drains the server, stops it, and npm exits 0", async (signal) => {
    const { npm, url, token, output, exited } = await npmStart();
    const client = new QuestionsClient({ baseUrl: url, token });
    const created = await client.create(singleSelect());
    const wait = fetch(`${url}/api/v1/requests/${created.id}?wait=60`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((r) => setTimeout(r, 300));
    const sent = Date.now();
    npm.kill(signal);
    const res = await wait;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await exited).toBe(0);
    expect(Date.now() - sent).toBeLessThan(15_000);
    // Nothing is left serving on the port.
    expect(await fetch(`${url}/api/health`).then(() => "served", () => "refused")).toBe("refused");
    expect(output()).toContain("draining waits and event streams");
  }, 120_000);
});
