// In a real browser: the nonce-based Content-Security-Policy lets the app's own scripts run (the
// sign-in form hydrates and works) and blocks nothing of ours; a crafted ?next= cannot send the
// user to another site.
import { expect, test } from "@playwright/test";
import { seedUser } from "./helpers";

test("signing in from /signin?next=/%09/evil.example lands on this site, with no CSP violation", async ({ page, baseURL }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const user = await seedUser({ role: "reviewer" });
  await page.goto("/signin?next=/%09/evil.example/x");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await expect(page.getByRole("main")).toBeVisible();
  expect(violations).toEqual([]);
});

test("a page cannot be framed and carries a fresh nonce per view", async ({ request }) => {
  const [a, b] = await Promise.all([request.get("/signin"), request.get("/signin")]);
  for (const res of [a, b]) expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(a.headers()["content-security-policy"]).not.toBe(b.headers()["content-security-policy"]);
});
