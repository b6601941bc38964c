// Web Push in Chromium: the inbox's service worker shows a notification for a push message
// (delivered through the DevTools protocol: a real push service cannot be reached here) and its
// click handler opens the request. Headless Chromium cannot click a notification, so the click is
// a NotificationEvent dispatched to the worker's own listener. The subscription itself is tested
// through the API (tests/api/push.test.ts): subscribing needs the browser vendor's push service.
import { expect, test } from "@playwright/test";
import { agentFor, seedUser, signIn } from "./helpers";

test("the service worker shows a pushed request as a notification, and clicking it opens the request", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const user = await seedUser({ role: "reviewer" });
  await signIn(page, user, "/settings");
  await expect(page.getByRole("button", { name: "Turn on for this device" })).toBeEnabled();
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ start_url: "/inbox", display: "standalone" });

  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
    for (const r of e.registrations) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const origin = new URL(baseURL!).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();

  const r = await (await agentFor(user.teamSlug)).create({ agent: { name: "push-e2e" }, questions: [{ id: "q", header: "Deploy", prompt: "Deploy now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
  const data = JSON.stringify({ title: "push-e2e: Deploy", body: "Deploy now?", url: `https://elsewhere.example/inbox/${r.id}`, tag: r.id });
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: registrations.get(`${origin}/`)!, data });

  const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
  await expect.poll(shown).toEqual([{ title: "push-e2e: Deploy", body: "Deploy now?", tag: r.id, data: { path: `/inbox/${r.id}` } }]);

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(async () => {
    const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (e: Event) => boolean };
    const [notification] = await sw.registration.getNotifications();
    const NotificationEventCtor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    sw.dispatchEvent(new NotificationEventCtor("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/inbox/${r.id}$`));
  await expect(page.getByRole("heading", { name: "Deploy now?" })).toBeVisible();
});
