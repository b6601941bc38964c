// VAPID keys (RFC 8292) for Web Push: generated into DATA_DIR/vapid-keys.json (mode 0600) at the
// first start, like the secret key file. If the file vanishes while subscriptions exist, the server
// refuses to start: new keys would silently break every browser's subscription.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { dataDir } from "../db/config";
import { db } from "../db/client";
import { writePrivateFile } from "../private-file";

export type VapidKeys = { publicKey: string; privateKey: string };

const g = globalThis as unknown as { __vapidKeys?: VapidKeys };

export const vapidFile = () => path.join(dataDir(), "vapid-keys.json");

/** At start: read the keys, or make them when there are none and no subscription needs the old ones. */
export async function prepareVapidKeys(): Promise<VapidKeys> {
  const file = vapidFile();
  if (!existsSync(file)) {
    const subscriptions = await db().pushSubscription.count();
    if (subscriptions > 0) {
      throw new Error(`${file} is missing, but ${subscriptions} push subscription(s) were made with its keys. Restore the file; refusing to create new VAPID keys.`);
    }
    const keys = webpush.generateVAPIDKeys();
    writePrivateFile(file, JSON.stringify(keys, null, 2) + "\n", true);
  }
  g.__vapidKeys = undefined;
  return vapidKeys();
}

export function vapidKeys(): VapidKeys {
  if (!g.__vapidKeys) {
    const keys = JSON.parse(readFileSync(vapidFile(), "utf8")) as VapidKeys;
    if (!keys.publicKey || !keys.privateKey) throw new Error(`${vapidFile()} is not a VAPID key file`);
    g.__vapidKeys = { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  return g.__vapidKeys;
}
