// One LISTEN connection per instance: a commit on any instance (pg_notify in the same
// transaction) pokes this instance's hub, which then reads the new Event rows itself.
import { Client } from "pg";
import { databaseConfig } from "../db/config";
import { EVENTS_CHANNEL } from "../db/provider";
import { log } from "../log";
import { hub } from "./hub";

const g = globalThis as unknown as { __questionsListener?: { stop: () => Promise<void> } };

export function startPgListener(): void {
  if (g.__questionsListener) return;
  const cfg = databaseConfig();
  let client: Client | null = null;
  let stopped = false;
  let retryMs = 250;

  const connect = async () => {
    if (stopped) return;
    const c = new Client({ connectionString: cfg.url });
    client = c;
    c.on("notification", () => hub.poke());
    c.on("error", () => reconnect(c));
    c.on("end", () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      retryMs = 250;
      hub.poke(); // catch up on whatever committed while we were not listening
    } catch (e) {
      log.warn({ error: (e as Error).name }, "event listener could not connect; retrying");
      reconnect(c);
    }
  };

  const reconnect = (c: Client) => {
    if (stopped || client !== c) return;
    client = null;
    void c.end().catch(() => {});
    setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 5000);
  };

  g.__questionsListener = {
    stop: async () => {
      stopped = true;
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
