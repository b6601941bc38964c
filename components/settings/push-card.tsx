"use client";
// Settings → Notifications on this device: Web Push through the inbox's service worker. The
// browser's subscription (PushSubscription.toJSON()) is posted to the server; off removes it.
import { useEffect, useState } from "react";
import { errorText, uiFetch } from "@/lib/browser/api";
import { Alert, Button, Card, CardBody, CardHeader } from "../ui";

const URL_BASE = "/api/ui/push/subscriptions";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

type State = { supported: boolean | null; on: boolean; busy: boolean; error: string | null };

export function PushCard({ publicKey }: { publicKey: string }) {
  const [s, setS] = useState<State>({ supported: null, on: false, busy: false, error: null });

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return setS((x) => ({ ...x, supported: false }));
    void navigator.serviceWorker.register("/sw.js").then(async (reg) => {
      const sub = await reg.pushManager.getSubscription();
      setS((x) => ({ ...x, supported: true, on: Boolean(sub) }));
    }, () => setS((x) => ({ ...x, supported: false })));
  }, []);

  async function turnOn() {
    setS((x) => ({ ...x, busy: true, error: null }));
    try {
      if ((await Notification.requestPermission()) !== "granted") throw new Error("Notifications are blocked for this site in the browser's settings.");
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await uiFetch("POST", URL_BASE, { body: sub.toJSON() });
      setS((x) => ({ ...x, on: true, busy: false }));
    } catch (e) {
      setS((x) => ({ ...x, busy: false, error: e instanceof Error ? e.message : errorText(e) }));
    }
  }

  async function turnOff() {
    setS((x) => ({ ...x, busy: true, error: null }));
    try {
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.getSubscription();
      if (sub) {
        await uiFetch("DELETE", URL_BASE, { body: { endpoint: sub.endpoint } }).catch(() => undefined);
        await sub.unsubscribe();
      }
      setS((x) => ({ ...x, on: false, busy: false }));
    } catch (e) {
      setS((x) => ({ ...x, busy: false, error: e instanceof Error ? e.message : errorText(e) }));
    }
  }

  return (
    <Card aria-labelledby="push-title">
      <CardHeader id="push-title" title="Notifications on this device" description="A push notification for each new request, even with the app closed (install it to the home screen on a phone)." />
      <CardBody className="space-y-2">
        {s.supported === false ? (
          <Alert tone="info">This browser does not support push notifications here.</Alert>
        ) : (
          <Button size="sm" variant={s.on ? "secondary" : "primary"} disabled={s.busy || s.supported === null} onClick={() => void (s.on ? turnOff() : turnOn())}>
            {s.on ? "Turn off on this device" : "Turn on for this device"}
          </Button>
        )}
        {s.error ? <Alert tone="error">{s.error}</Alert> : null}
      </CardBody>
    </Card>
  );
}
