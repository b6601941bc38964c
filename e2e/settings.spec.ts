// Settings: tokens shown once and usable, revocation, role checks and CSRF on the mutations.
import { expect, test } from "@playwright/test";
import { QuestionsClient, ApiError } from "../lib/client";
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

test("an admin adds a member, changes the role and sets the team policy", async ({ page }) => {
  const admin = await seedUser({ role: "admin" });
  await signIn(page, admin, "/settings");
  const email = `new-${uid()}@example.test`;
  const form = page.getByRole("form", { name: "Add member" });
  await form.getByLabel("Member email").fill(email);
  await form.getByLabel("Initial password").fill("a-fresh-password");
  await form.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText(`Created ${email}`)).toBeVisible();
  await page.getByLabel(`Role of ${email}`).selectOption("lead");
  await expect(page.getByLabel(`Role of ${email}`)).toHaveValue("lead");

  await page.getByRole("radio", { name: /Deny questions/ }).check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved.")).toBeVisible();
  const agent = new QuestionsClient({ baseUrl: e2eState().baseURL, token: await createApiToken(admin.teamSlug, "ask") });
  const r = await agent.create({ agent: { name: "e2e" }, questions: [{ id: "q", header: "Q", prompt: "Go?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
  expect(r.status).toBe("rejected");

  // The last admin can be neither demoted nor removed.
  await page.getByRole("button", { name: `Remove ${admin.email}` }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("at least one admin");
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
