// Seeding and sign-in for browser tests. Users, teams and tokens are made with the real admin
// CLI against the suite's database; every name is unique, so tests never share data.
import { expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin, type CliResult } from "../tests/helpers/cli";
import { e2eState } from "./state";

export type Role = "reviewer" | "lead" | "admin";
export type SeededUser = { email: string; password: string; teamSlug: string; role: Role };

export const uid = () => randomUUID().slice(0, 8);

async function admin(args: string[]): Promise<CliResult> {
  const r = await runAdmin(e2eState().dataDir, args);
  if (r.code !== 0) throw new Error(`admin ${args.slice(0, 2).join(" ")} failed (${r.code}): ${r.stderr}`);
  return r;
}

export async function createTeam(slug = `team-${uid()}`, name?: string): Promise<string> {
  await admin(["team", "create", slug, ...(name ? ["--name", name] : [])]);
  return slug;
}

/** A new user with `role` in `teamSlug` (a fresh team when none is given). */
export async function seedUser(opts: { role: Role; teamSlug?: string; email?: string }): Promise<SeededUser> {
  const teamSlug = opts.teamSlug ?? (await createTeam());
  const email = opts.email ?? `${opts.role}-${uid()}@example.test`;
  const password = `pw-${uid()}-${uid()}`;
  await admin(["user", "create", email, "--password", password, "--team", teamSlug, "--role", opts.role]);
  return { email, password, teamSlug, role: opts.role };
}

export async function createApiToken(teamSlug: string, scopes: string, name = `agent-${uid()}`): Promise<string> {
  const r = await admin(["token", "create", "--team", teamSlug, "--name", name, "--scopes", scopes]);
  const token = r.stdout.trim().split("\n").at(-1)!.trim();
  if (!token.startsWith("oqt_")) throw new Error(`unexpected CLI output: ${r.stdout}`);
  return token;
}

/** A typed API client for an agent of `teamSlug`, with a CLI-made token. */
export async function agentFor(teamSlug: string, scopes = "ask"): Promise<QuestionsClient> {
  return new QuestionsClient({ baseUrl: e2eState().baseURL, token: await createApiToken(teamSlug, scopes) });
}

export async function signIn(page: Page, user: { email: string; password: string }, next?: string): Promise<void> {
  await page.goto(next ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}
