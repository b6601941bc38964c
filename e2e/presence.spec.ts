// Agent presence, live in the inbox row and on the request page: "agent waiting" while the agent
// long-polls, "agent gone since …" once it stopped (PRESENCE_SECONDS=2 on a server of its own),
// waiting again when it comes back — all without a reload; the list can hide the gone ones.
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin } from "../tests/helpers/cli";
import { migrate, startServer, type TestServer } from "../tests/helpers/server";
import { uid } from "./helpers";

let server: TestServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "oq-e2e-presence-"));
  migrate(dataDir);
  server = await startServer({ dataDir, env: { PRESENCE_SECONDS: "2", ABANDON_AFTER: "0" }, logName: "presence.log" });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

async function admin(args: string[]): Promise<string> {
  const r = await runAdmin(dataDir, args);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout.trim().split("\n").at(-1)!.trim();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/signin?next=/inbox`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/inbox/);
}

/** A long-poll held by the agent until stop() (the client closes the connection). */
function hold(agent: QuestionsClient, id: string) {
  const controller = new AbortController();
  const done = agent.wait(id, { signal: controller.signal }).catch(() => undefined);
  return { stop: () => (controller.abort(), done) };
}

test("the inbox and the request page show the agent waiting, then gone, then back, live", async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uid();
  const team = `presence-${tag}`;
  await admin(["team", "create", team]);
  const email = `reviewer-${tag}@example.test`;
  const password = `pw-${tag}-${uid()}`;
  await admin(["user", "create", email, "--password", password, "--team", team, "--role", "reviewer"]);
  const agent = new QuestionsClient({ baseUrl: server.url, token: await admin(["token", "create", "--team", team, "--name", "agent", "--scopes", "ask"]) });

  const created = await agent.create({
    title: `Which queue ${tag}`,
    agent: { name: `queue-bot-${tag}` },
    timeoutSeconds: 3600,
    questions: [{ id: "q", header: "Queue", prompt: "Which queue?", kind: "single_select", options: [{ label: "Redis" }, { label: "PostgreSQL" }] }],
  });
  let wait = hold(agent, created.id);
  await signIn(page, email, password);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  const row = page.getByRole("link", { name: new RegExp(`Which queue ${tag}`) });
  await expect(row).toContainText("agent waiting");

  // The agent stops waiting: the row says so, with the time it was last seen, without a reload.
  await wait.stop();
  await expect(row).toContainText(/agent gone since \d\d:\d\d UTC/, { timeout: 20_000 });
  // "Waiting only" hides it; back to all.
  await page.getByLabel("Agents").selectOption({ label: "Waiting only" });
  await expect(row).toBeHidden();
  await page.getByLabel("Agents").selectOption({ label: "Waiting or gone" });
  await expect(row).toBeVisible();

  // It comes back: waiting again.
  wait = hold(agent, created.id);
  await expect(row).toContainText("agent waiting", { timeout: 20_000 });

  // The request page follows too.
  await row.click();
  await expect(page.getByRole("heading", { name: new RegExp(`Which queue ${tag}`) })).toBeVisible();
  await expect(page.getByText("agent waiting")).toBeVisible();
  await wait.stop();
  await expect(page.getByText(/agent gone since \d\d:\d\d UTC/)).toBeVisible({ timeout: 20_000 });
});
