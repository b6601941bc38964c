// The inbox's service worker: makes the app installable, shows a Web Push message as a
// notification (title, agent and first question only: lib/push/outbox.ts), and opens the request
// when it is tapped. Only a path of this site is ever opened.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function requestPath(url) {
  try {
    const path = new URL(url, self.location.origin).pathname;
    return /^\/inbox(\/[\w-]+)?$/.test(path) ? path : "/inbox";
  } catch {
    return "/inbox";
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "A question is waiting";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: "/icon.svg",
      data: { path: requestPath(data.url) },
      actions: [{ action: "open", title: "Answer" }],
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(requestPath(event.notification.data && event.notification.data.path), self.location.origin).href;
  const opening = (async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).origin !== self.location.origin) continue;
      await client.focus().catch(() => undefined);
      return client.navigate(url);
    }
    return self.clients.openWindow(url);
  })();
  try {
    event.waitUntil(opening);
  } catch {
    // An untrusted (dispatched) event cannot extend its lifetime; the window opens all the same.
  }
});
