// Settings: tokens shown once and usable, revocation, role checks and CSRF on the mutations.
import { expect, test } from "@playwright/test";
import { QuestionsClient, ApiError } from "@openoxide/questions-client";
import { e2eState } from "./state";
import { createApiToken, createTeam, seedUser, signIn, uid } from "./helpers";

test("an admin creates a token, shown once, that works until revoked", async ({ page }) => {
  const admin = await seedUser({ role: "admin" });
  await signIn(page, admin, "/settings");
  const name = `ci-${uid()}`;
  const form = page.getByRole("form", { name: "Create token" });
  await form.getByLabel("Token name").fill(name);
  await form.getByRole("checkbox", { name: "answer" }).check();
  await form.getByRole("button", { name: "Create token" }).click();

  const field = page.getByLabel("New token");
  await expect(field).toHaveValue(/^oqt_/);
  const token = await field.inputValue();
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(`…${token.slice(-4)}`);
  await expect(row).toContainText("never");

  const client = new QuestionsClient({ baseUrl: e2eState().baseURL, token });
  expect((await client.list({ status: "pending" })).data).toEqual([]);

  // Shown once: after a reload the page holds only the hint.
  await page.reload();
  await expect(page.getByLabel("New token")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText("never");

  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("button", { name: "Confirm revoke" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("revoked");
  const err = await client.list({ status: "pending" }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(401);
});

test("an admin adds an existing account, changes the role and sets the team policy", async ({ page }) => {
  const admin = await seedUser({ role: "admin" });
  // An account in another team: added at once, no link, password untouched.
  const existing = await seedUser({ role: "reviewer" });
  await signIn(page, admin, "/settings");
  const form = page.getByRole("form", { name: "Invite member" });
  await form.getByLabel("Member email").fill(existing.email);
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText(`Added ${existing.email} (existing account).`)).toBeVisible();
  await expect(page.getByLabel("Invitation link")).toHaveCount(0);
  await page.getByLabel(`Role of ${existing.email}`).selectOption("lead");
  await expect(page.getByLabel(`Role of ${existing.email}`)).toHaveValue("lead");

  await page.getByRole("radio", { name: /Deny questions/ }).check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved.")).toBeVisible();
  const agent = new QuestionsClient({ baseUrl: e2eState().baseURL, token: await createApiToken(admin.teamSlug, "ask") });
  const r = await agent.create({ agent: { name: "e2e" }, questions: [{ id: "q", header: "Q", prompt: "Go?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
  expect(r.status).toBe("rejected");

  // The last admin can be neither demoted nor removed.
  await page.getByRole("button", { name: `Remove ${admin.email}` }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("at least one admin");

  // The existing account still signs in with its own password.
  const other = await (await page.context().browser()!.newContext()).newPage();
  await signIn(other, existing);
});

test("everyone changes their own password; the old one stops working", async ({ page, browser }) => {
  const reviewer = await seedUser({ role: "reviewer" });
  await signIn(page, reviewer, "/settings");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-the-password");
  await form.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await form.getByLabel("Repeat new password").fill("a-brand-new-password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toContainText("The current password is not correct.");

  await form.getByLabel("Current password").fill(reviewer.password);
  await form.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await form.getByLabel("Repeat new password").fill("a-brand-new-passwort");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toContainText("do not match");

  await form.getByLabel("Repeat new password").fill("a-brand-new-password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Password changed.")).toBeVisible();

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto("/signin");
  await fresh.getByLabel("Email").fill(reviewer.email);
  await fresh.getByLabel("Password").fill(reviewer.password);
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.getByRole("alert")).toBeVisible();
  await expect(fresh).toHaveURL(/\/signin/);
  await signIn(fresh, { email: reviewer.email, password: "a-brand-new-password" });
});

test("mutations refuse reviewers (403) and cross-site or non-JSON requests", async ({ page, browser, request }) => {
  const reviewer = await seedUser({ role: "reviewer" });
  await signIn(page, reviewer, "/settings");
  const origin = new URL(e2eState().baseURL).origin;
  const base = `${origin}/api/ui/settings`;
  const json = { "content-type": "application/json", origin };

  const asReviewer = await page.request.post(`${base}/teams`, { headers: json, data: { slug: `x-${uid()}` } });
  expect(asReviewer.status()).toBe(403);
  expect(asReviewer.headers()["content-type"]).toContain("application/problem+json");

  // An admin's own session, but the request is not from this site.
  const admin = await seedUser({ role: "admin" });
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin, "/settings");
  const create = (headers: Record<string, string>, data: unknown = { slug: `c-${uid()}` }) =>
    adminPage.request.post(`${base}/teams`, { headers, data: typeof data === "string" ? data : JSON.stringify(data), failOnStatusCode: false });
  expect((await create({ "content-type": "application/json" })).status()).toBe(403);
  expect((await create({ "content-type": "application/json", origin: "https://evil.example" })).status()).toBe(403);
  expect((await create({ "content-type": "text/plain", origin }, "slug=x")).status()).toBe(415);
  expect((await create(json)).status()).toBe(201);

  // The `request` fixture carries no session cookie.
  const signedOut = await request.post(`${base}/teams`, { headers: json, data: { slug: `s-${uid()}` } });
  expect(signedOut.status()).toBe(401);
});
