// Invitations: an admin invites a new person, the link (shown once) is opened in a fresh browser
// where the person sets their own password and lands signed in with the invited role; the link
// then works no more. A withdrawn link says so.
import { expect, test } from "@playwright/test";
import { seedUser, signIn, uid } from "./helpers";

test("a new person joins through a single-use invitation link", async ({ page, browser }) => {
  const admin = await seedUser({ role: "admin" });
  await signIn(page, admin, "/settings");
  const email = `joiner-${uid()}@example.test`;
  const form = page.getByRole("form", { name: "Invite member" });
  await form.getByLabel("Member email").fill(email);
  await form.getByLabel("Role").selectOption("lead");
  await form.getByRole("button", { name: "Invite" }).click();
  const field = page.getByLabel("Invitation link");
  await expect(field).toHaveValue(/\/invite\/oqi_/);
  const link = await field.inputValue();
  await expect(page.getByRole("list", { name: "Open invitations" })).toContainText(email);

  // Shown once: after a reload only the open invitation remains, not its link.
  await page.reload();
  await expect(page.getByLabel("Invitation link")).toHaveCount(0);
  expect(await page.content()).not.toContain(link.split("/invite/")[1]);

  // The invited person, in a browser that has never signed in.
  const ctx = await browser.newContext();
  const guest = await ctx.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: /^Join / })).toBeVisible();
  await expect(guest.getByText(`with the email ${email}`)).toBeVisible();
  const accept = guest.getByRole("form", { name: "Accept invitation" });
  await accept.getByLabel("Your name (optional)").fill("Joiner");
  await accept.getByLabel("Password", { exact: true }).fill("my-own-password-1");
  await accept.getByLabel("Repeat password").fill("my-own-password-1");
  await accept.getByRole("button", { name: "Create account and join" }).click();
  await expect(guest).toHaveURL(/\/inbox$/);
  // A lead: the navigation offers history; the account is theirs.
  await expect(guest.getByRole("link", { name: "History" })).toBeVisible();
  await guest.goto("/settings");
  await expect(guest.getByRole("list", { name: "Your teams" })).toContainText("lead");

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole("heading", { name: "Invitation already used" })).toBeVisible();
  const replay = await again.request.post("/api/ui/invitations/accept", {
    headers: { "content-type": "application/json", origin: new URL(link).origin },
    data: { token: link.split("/invite/")[1], password: "someone-elses-password" },
  });
  expect(replay.status()).toBe(409);

  // The person signs in again later with the password they chose.
  const later = await (await browser.newContext()).newPage();
  await signIn(later, { email, password: "my-own-password-1" });

  // The admin's list no longer shows it as open; the member list does.
  await page.reload();
  await expect(page.getByRole("list", { name: "Open invitations" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Members" })).toContainText(email);
});

test("a withdrawn invitation link no longer works", async ({ page, browser }) => {
  const admin = await seedUser({ role: "admin" });
  await signIn(page, admin, "/settings");
  const email = `withdrawn-${uid()}@example.test`;
  const form = page.getByRole("form", { name: "Invite member" });
  await form.getByLabel("Member email").fill(email);
  await form.getByRole("button", { name: "Invite" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();
  await page.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
  await expect(page.getByRole("list", { name: "Open invitations" })).toHaveCount(0);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Invitation withdrawn" })).toBeVisible();
  await expect(guest.getByRole("form", { name: "Accept invitation" })).toHaveCount(0);
});
