// Sign-in, first-run setup, sign-out, and sessions that follow the database.
import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, startServer, type TestServer } from "../tests/helpers/server";
import { seedUser, signIn, uid } from "./helpers";

test.describe("first-run setup (own server, empty database)", () => {
  let server: TestServer;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "oq-e2e-setup-"));
    migrate(dataDir);
    server = await startServer({ dataDir, logName: "setup.log" });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  });

  test("creates the first admin once, then refuses", async ({ page, browser }) => {
    await page.goto(server.url);
    await page.getByRole("link", { name: "Set up" }).click();
    await expect(page.getByRole("heading", { name: "Set up OpenOxide Questions" })).toBeVisible();
    const email = `first-${uid()}@example.test`;
    await page.getByLabel("Name").fill("First Admin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("first-admin-pass");
    await page.getByLabel("Confirm password").fill("first-admin-pass");
    await page.getByRole("button", { name: "Create admin account" }).click();
    // Signed in straight away, as admin of the default team.
    await expect(page).toHaveURL(/\/settings/);
    await expect(page.getByRole("list", { name: "Your teams" })).toContainText("admin");
    await expect(page.getByRole("banner")).toContainText(email);

    const other = await browser.newPage();
    await other.goto(`${server.url}/setup`);
    await expect(other.getByRole("heading", { name: "Setup is complete" })).toBeVisible();
    await expect(other.getByLabel("Email")).toHaveCount(0);
    await other.goto(server.url);
    await expect(other.getByRole("link", { name: "Set up" })).toHaveCount(0);
    await other.close();
  });
});

test("a wrong password is refused", async ({ page }) => {
  const user = await seedUser({ role: "reviewer" });
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(`${user.password}-wrong`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(formAlert(page)).toHaveText("Wrong email or password.");
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/inbox");
  await expect(page).toHaveURL(/\/signin\?next=%2Finbox/);
});

test("sign in, come back to the page asked for, sign out", async ({ page }) => {
  const user = await seedUser({ role: "reviewer" });
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/signin\?next=%2Fsettings/);
  await page.getByLabel("Email").fill(user.email.toUpperCase());
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("banner")).toContainText(user.email);
  // A reviewer's History holds only their own decisions; settings are a read-only view.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" })).toHaveCount(1);
  await expect(page.getByRole("form", { name: "Create token" })).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/signin\?next=%2Fsettings/);
});

test("a removed member loses the team on the next page load", async ({ page, browser }) => {
  const owner = await seedUser({ role: "admin" });
  const member = await seedUser({ role: "admin", teamSlug: owner.teamSlug });
  await signIn(page, member, "/settings");
  await expect(page.getByRole("list", { name: "Your teams" })).toContainText(owner.teamSlug);
  await expect(page.getByRole("form", { name: "Create token" })).toBeVisible();

  const ownerPage = await browser.newPage();
  await signIn(ownerPage, owner, "/settings");
  await ownerPage.getByRole("button", { name: `Remove ${member.email}` }).click();
  await expect(ownerPage.getByRole("list", { name: "Members" })).not.toContainText(member.email);
  await ownerPage.close();

  // Same session cookie, next request: the membership is gone at once.
  await page.reload();
  await expect(page.getByText("You are not a member of any team yet.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Create token" })).toHaveCount(0);
});

test("too many failed attempts lock the email out for a while", async ({ page }) => {
  const user = await seedUser({ role: "reviewer" });
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  for (let i = 0; i < 10; i++) {
    await page.getByLabel("Password").fill(`nope-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formAlert(page)).toHaveText("Wrong email or password.");
  }
  // Now even the right password is refused until the window passes.
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(formAlert(page)).toContainText("Too many failed sign-in attempts");
});

/** The form's alert, not Next.js's route announcer (also role alert). */
function formAlert(page: Page) {
  return page.getByRole("main").getByRole("alert");
}
