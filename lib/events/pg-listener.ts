// One LISTEN connection per instance: a commit on another instance (pg_notify in the same
// transaction, naming that instance) pokes this instance's hub, which then reads the new Event rows.
// A listener can die silently (a half-open socket, a terminated backend, a failover), so: TCP
// keepalive, a periodic probe query that reconnects when it fails or hangs, and a periodic
// catch-up poke, so a missed notification delays a wake-up by one interval at most.
import { Client } from "pg";
import { databaseConfig } from "../db/config";
import { EVENTS_CHANNEL } from "../db/provider";
import { log } from "../log";
import { listenInvalidations } from "../cache/invalidate";
import { listenDeliveries } from "../notify/wake";
import { env } from "../config/env";
import { hub } from "./hub";

/** The listener's application_name, so an operator (or a test) can find its backend. */
export const LISTENER_APP_NAME = "questions-listener";

const g = globalThis as unknown as { __questionsListener?: { stop: () => Promise<void> } };

export function startPgListener(): void {
  if (g.__questionsListener) return;
  const cfg = databaseConfig();
  const checkMs = env().PG_LISTENER_CHECK_MS;
  let client: Client | null = null;
  let ready = false;
  let stopped = false;
  let retryMs = 250;

  const connect = async () => {
    if (stopped) return;
    const c = new Client({ connectionString: cfg.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: LISTENER_APP_NAME });
    client = c;
    ready = false;
    c.on("notification", (m) => m.channel === EVENTS_CHANNEL && hub.notified(m.payload ?? ""));
    c.on("error", (e) => reconnect(c, e));
    c.on("end", () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      await listenInvalidations(c); // cache invalidations share this connection
      await listenDeliveries(c); // and so do other instances' outbox writes
      if (client !== c) return;
      ready = true;
      retryMs = 250;
      hub.poke(); // catch up on whatever committed while we were not listening
    } catch (e) {
      reconnect(c, e);
    }
  };

  const reconnect = (c: Client, e?: unknown) => {
    if (stopped || client !== c) return;
    client = null;
    ready = false;
    log.warn({ error: (e as Error | undefined)?.name, retryMs }, "event listener connection lost; reconnecting");
    void c.end().catch(() => {});
    setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 5000);
  };

  /** A probe that fails or does not answer within the interval means the listener is dead. */
  const probe = async () => {
    hub.poke(); // catch up regardless: a notification may have been lost with a dying socket
    const c = client;
    if (!c || !ready) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("listener probe timed out")), checkMs);
    });
    try {
      await Promise.race([c.query("SELECT 1"), timeout]);
    } catch (e) {
      reconnect(c, e);
    } finally {
      clearTimeout(timer);
    }
  };
  const probeTimer = setInterval(() => void probe(), checkMs);
  probeTimer.unref();

  g.__questionsListener = {
    stop: async () => {
      stopped = true;
      clearInterval(probeTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
  void connect();
}

export async function stopPgListener(): Promise<void> {
  await g.__questionsListener?.stop();
  g.__questionsListener = undefined;
}
