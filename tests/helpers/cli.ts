// Runs the real admin CLI (`npm run admin -- …` is `tsx scripts/admin.ts …`) as a process, from
// the bundle the global setup compiles (tests/helpers/admin-bundle.ts).
import { spawn, spawnSync } from "node:child_process";
import { adminCommand } from "./admin-bundle";
import { uid } from "./clients";
import { rawQuery } from "./raw-db";
import { dbEnv, ROOT } from "./server";

export type CliResult = { code: number; stdout: string; stderr: string };

export function admin(dataDir: string, args: string[], env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [...adminCommand(), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv(dataDir), ...env },
    encoding: "utf8",
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The same, without blocking the event loop: a test that blocks for seconds lets the server's
 * keep-alive timeout close pooled sockets unnoticed, and the next request then fails.
 */
export function runAdmin(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...adminCommand(), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...dbEnv(dataDir), ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Creates a token with the CLI and returns it (the CLI prints it alone on its last line). */
export function createToken(dataDir: string, opts: { team?: string; name: string; scopes: string; policy?: "allow" | "deny" }): string {
  const args = ["token", "create", "--team", opts.team ?? "default", "--name", opts.name, "--scopes", opts.scopes];
  if (opts.policy) args.push("--policy", opts.policy);
  let r = admin(dataDir, args);
  // On PostgreSQL a test's own data dir shares the suite's database, where token names are unique
  // per team and the suite's tokens ("agent", "reviewer", …) exist already: take a free name.
  if (r.code !== 0 && /already exists in this team/.test(r.stderr)) r = admin(dataDir, args.map((a) => (a === opts.name ? `${opts.name}-${uid()}` : a)));
  if (r.code !== 0) throw new Error(`token create failed (${r.code}): ${r.stderr}`);
  const token = r.stdout.trim().split("\n").at(-1)!.trim();
  if (!token.startsWith("oqt_")) throw new Error(`unexpected CLI output: ${r.stdout}`);
  return token;
}

/** Runs the CLI and returns what it printed; a non-zero exit throws with its stderr. */
export async function adminOk(dataDir: string, args: string[]): Promise<string> {
  const r = await runAdmin(dataDir, args);
  if (r.code !== 0) throw new Error(`admin ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

/** A fresh team made with the CLI: an agent token (ask, answer, read) and an admin who can sign in. */
export async function cliTeam(dataDir: string) {
  const slug = `t-${uid()}`;
  await adminOk(dataDir, ["team", "create", slug]);
  const out = await adminOk(dataDir, ["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer,read"]);
  const tokenId = /token (tok_\w+)/.exec(out)![1]!;
  const token = out.trim().split("\n").at(-1)!.trim();
  const email = `${slug}@example.test`;
  const password = "pw-admin-123456";
  await adminOk(dataDir, ["user", "create", email, "--password", password, "--team", slug, "--role", "admin"]);
  const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [slug]))[0]!.id;
  return { slug, teamId, tokenId, token, email, password };
}
