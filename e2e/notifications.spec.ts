// Notifications in the browser: the Settings webhook flow (add, send test, delivery log with a
// failed attempt and a redelivery, pause/resume), and a desktop notification for a hidden inbox
// tab that opens the request when clicked, with the pending count on the favicon.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startReceiver } from "../tests/api/notify-helpers";
import { e2eState } from "./state";
import { agentFor, seedUser, signIn, uid } from "./helpers";

function verified(secret: string, body: string, header: unknown): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  return Boolean(m) && createHmac("sha256", secret).update(`${m![1]}.${body}`).digest("hex") === m![2];
}

test("an admin adds a webhook, sends a test, and reads and redelivers in the delivery log", async ({ page }) => {
  const rx = await startReceiver();
  try {
    const admin = await seedUser({ role: "admin" });
    await signIn(page, admin, "/settings");
    const form = page.getByRole("form", { name: "Add a webhook" });
    await form.getByLabel("Webhook URL").fill(`${rx.url}/hooks/${uid()}`);
    await form.getByRole("button", { name: "Add webhook" }).click();
    // The Webhooks card's own secret: the Slack card has a "Signing secret" field too.
    const webhooks = page.getByRole("region", { name: "Webhooks", exact: true });
    const secret = (await webhooks.getByLabel("Signing secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "I have stored it" }).click();
    await page.reload();
    expect(await page.content()).not.toContain(secret); // shown once

    const item = page.getByRole("listitem", { name: /^Webhook / });
    await item.getByRole("button", { name: "Send test" }).click();
    const log = item.getByRole("table", { name: "Delivery log" });
    const testRow = log.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(testRow).toContainText("sent");
    await expect(testRow).toContainText("200");
    expect(rx.received).toHaveLength(1);
    expect(verified(secret, rx.received[0]!.body, rx.received[0]!.headers["questions-signature"])).toBe(true);

    // A request while the receiver fails: the log shows the error; a redelivery goes through.
    rx.respond(500);
    const created = await (await agentFor(admin.teamSlug)).create({
      agent: { name: "e2e-agent" },
      questions: [{ id: "q", header: "Deploy", prompt: "Deploy now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }],
    });
    const row = log.getByRole("row").filter({ hasText: created.id });
    await expect(row).toContainText("HTTP 500");
    await expect(row).toContainText("pending");
    rx.respond(200);
    await row.getByRole("button", { name: /^Redeliver request.created/ }).click();
    await expect(row).toContainText("sent");
    await expect(row).toContainText("200");
    const ids = rx.received.filter((r) => r.json.type === "request.created").map((r) => r.headers["questions-delivery"]);
    expect(new Set(ids).size).toBe(1); // the redelivery kept the delivery id

    await item.getByRole("button", { name: "Pause" }).click();
    await expect(item.getByText(/Paused by/)).toBeVisible();
    await item.getByRole("button", { name: "Resume" }).click();
    await expect(item.getByText("active")).toBeVisible();
  } finally {
    await rx.close();
  }
});

test("an admin reveals and rotates the callback secret, edits and deletes a webhook, and saves the email choice", async ({ page }) => {
  const admin = await seedUser({ role: "admin" });
  await signIn(page, admin, "/settings");
  await page.getByRole("button", { name: "Reveal secret" }).click();
  const first = (await page.getByLabel("Callback secret").textContent())!.trim();
  expect(first.length).toBeGreaterThan(16);
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("button", { name: "Confirm rotate" }).click();
  await expect(page.getByLabel("Callback secret")).not.toHaveText(first);
  await expect(page.getByText(/^Last rotated /)).toBeVisible();
  await page.getByRole("button", { name: "Hide secret" }).click();
  await expect(page.getByLabel("Callback secret")).toHaveCount(0);

  const form = page.getByRole("form", { name: "Add a webhook" });
  await form.getByLabel("Webhook URL").fill(`https://example.com/hooks/${uid()}`);
  await form.getByRole("button", { name: "Add webhook" }).click();
  await page.getByRole("button", { name: "I have stored it" }).click();
  const item = page.getByRole("listitem", { name: /^Webhook / });
  await item.getByRole("button", { name: "Edit" }).click();
  await item.getByLabel("Format").selectOption("slack");
  await item.getByRole("button", { name: "Save webhook" }).click();
  await expect(item.getByText("slack", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: "Save webhook" })).toHaveCount(0);
  await item.getByRole("button", { name: "Delete" }).click();
  await item.getByRole("button", { name: "Confirm delete" }).click();
  await expect(page.getByText("No webhooks yet", { exact: true })).toBeVisible();

  const box = () => page.getByRole("checkbox", { name: "Email me about new requests" });
  const was = await box().isChecked();
  await box().setChecked(!was);
  await expect(box()).toBeChecked({ checked: !was });
  await expect.poll(async () => {
    await page.reload();
    return box().isChecked();
  }).toBe(!was);
});

test("a hidden inbox tab shows a desktop notification per new request; clicking it opens the request", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: e2eState().baseURL });
  // Record each real Notification the page shows (the browser's own class still makes it).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: Notification[] = [];
    (window as unknown as { __shown: Notification[] }).__shown = shown;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(this);
      }
    } as typeof Notification;
  });
  const reviewer = await seedUser({ role: "reviewer" });
  await signIn(page, reviewer, "/inbox");
  expect((await page.request.get("/favicon.ico")).status()).toBe(200);
  await page.getByRole("checkbox", { name: "Desktop notifications" }).check();
  await expect(page.getByRole("checkbox", { name: "Desktop notifications" })).toBeChecked();

  // The tab goes to the background.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const title = `Which region ${uid()}`;
  const created = await (await agentFor(reviewer.teamSlug)).create({
    title,
    agent: { name: "notify-agent" },
    questions: [{ id: "r", header: "Region", prompt: "Where should it run?", kind: "single_select", options: [{ label: "EU" }, { label: "US" }] }],
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: Notification[] }).__shown.map((n) => [n.title, n.body, n.tag]))).toEqual([
    [title, "notify-agent asks: Where should it run?", created.id],
  ]);
  await expect(page).toHaveTitle(/^\(1\) Inbox/);
  await expect(page.locator("html")).toHaveAttribute("data-favicon-count", "1");
  expect(await page.locator('link[rel~="icon"]').first().getAttribute("href")).toMatch(/^data:image\/png/);

  await page.evaluate(() => (window as unknown as { __shown: Notification[] }).__shown[0]!.dispatchEvent(new Event("click")));
  await expect(page).toHaveURL(new RegExp(`/inbox/${created.id}$`));
});
