// Seeding and sign-in for browser tests. Users, teams and tokens are made by the admin CLI's own
// commands (lib/admin/commands: the domain code `npm run admin` calls) against the suite's
// database, in the test worker: a CLI process per call cost ~1 CPU-second, ~100 per run, on a
// CPU-bound suite. The CLI itself, as a process, is tested in tests/api/cli.test.ts. Every name is
// unique, so tests never share data.
import { expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { QuestionsClient } from "@openoxide/questions-client";
import { e2eState } from "./state";

export type Role = "reviewer" | "lead" | "admin";
export type SeededUser = { email: string; password: string; teamSlug: string; role: Role };

export const uid = () => randomUUID().slice(0, 8);

let commands: Promise<typeof import("../lib/admin/commands")> | undefined;
/** The CLI's commands on the suite's database (its folder is known once global-setup ran). */
function admin(): Promise<typeof import("../lib/admin/commands")> {
  if (!commands) {
    process.env.DATA_DIR = e2eState().dataDir;
    commands = import("../lib/admin/commands");
  }
  return commands;
}

export async function createTeam(slug = `team-${uid()}`, name?: string): Promise<string> {
  await (await admin()).createTeam({ slug, name });
  return slug;
}

/** A new user with `role` in `teamSlug` (a fresh team when none is given). */
export async function seedUser(opts: { role: Role; teamSlug?: string; email?: string }): Promise<SeededUser> {
  const teamSlug = opts.teamSlug ?? (await createTeam());
  const email = opts.email ?? `${opts.role}-${uid()}@example.test`;
  const password = `pw-${uid()}-${uid()}`;
  await (await admin()).createUser({ email, password, teamSlug, role: opts.role });
  return { email, password, teamSlug, role: opts.role };
}

export async function createApiToken(teamSlug: string, scopes: string, name = `agent-${uid()}`): Promise<string> {
  return (await (await admin()).createToken({ teamSlug, name, scopes })).token;
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
