// Process-wide background work, started once by the server (lib/http/server.ts) before it listens.
import { hub } from "./events/hub";
import { log } from "./log";
import { expiry } from "./questions/expiry";
import { escalation } from "./escalation/timer";
import { checkKeys, purge } from "./secrets/store";
import { pruneEvents } from "./events/retention";
import { shutdown } from "./shutdown";
import { isPostgres } from "./db/provider";
import { startPgListener, stopPgListener } from "./events/pg-listener";
import { closeDb } from "./db/client";
import { inflight } from "./api/inflight";
import { notifyWorker } from "./notify/worker";
import { watchInvalidations } from "./cache/invalidate";
import { presenceSweep } from "./questions/presence-sweep";
import { langGraphWatcher } from "./langgraph/watcher";
import { pruneEndedSessions } from "./mcp/ended";
import { prepareVapidKeys } from "./push/vapid";
import { countPending, flushQueued } from "./insights/pending";

let started = false;

export async function startBackground(): Promise<void> {
  if (started) return;
  started = true;
  // Fail at start, not at the first secret, when keys are misconfigured or a needed key is gone:
  // the process exits, so nothing is served without the keys (and no new key file is made).
  await checkKeys().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  });
  // The same for Web Push's VAPID keys: new ones would orphan every browser's subscription.
  await prepareVapidKeys().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  });
  await hub.ready();
  if (isPostgres()) startPgListener();
  else watchInvalidations(); // the admin CLI's revocations reach this process through a signal file
  // A request created elsewhere (another instance) arms our timer too.
  hub.subscribe((row) => {
    if (row.type !== "request.created") return;
    const { expiresAt, createdAt } = JSON.parse(row.payload) as { expiresAt: string | null; createdAt: string };
    if (expiresAt) expiry.schedule(new Date(expiresAt));
    escalation.created(row.teamId, createdAt);
  });
  // Not woken by every event: by the writers of outbox rows (lib/notify/wake.ts) and its poll timer.
  notifyWorker.start();
  // Agents gone and requests abandoned (lib/questions/presence-sweep.ts).
  presenceSweep.start();
  langGraphWatcher.start();
  // Decisions a crash left out of the insight counters (lib/insights/pending.ts).
  countPending().then(
    (counted) => counted && log.info({ counted }, "counted decisions left out of the insights by a stop"),
    (e: unknown) => log.error({ error: (e as Error).name }, "counting decisions for insights failed"),
  );
  const expired = await expiry.run();
  if (expired) log.info({ expired }, "expired requests that came due while the server was down");
  void escalation.run();
  const housekeeping = () => {
    purge().then(
      (r) => (r.secrets || r.idempotencyRecords) && log.info(r, "purged"),
      (e) => log.error({ error: (e as Error).name }, "purge failed"),
    );
    pruneEvents().then(
      (events) => events && log.info({ events }, "pruned events past the retention window"),
      (e) => log.error({ error: (e as Error).name }, "event pruning failed"),
    );
    pruneEndedSessions().catch((e: unknown) => log.error({ error: (e as Error).name }, "pruning ended MCP sessions failed"));
  };
  housekeeping();
  const purgeTimer = setInterval(housekeeping, 10 * 60_000);
  purgeTimer.unref();
  // The server stops accepting connections and waits for open requests; we end the long waits and
  // streams at once (retryable), then release the database pool when the last request is done.
  // SIGINT too: Ctrl-C (and `npm start` passing it on) must not wait out open long-polls.
  const drain = (signal: NodeJS.Signals) => {
    log.info({ signal }, "draining waits and event streams");
    shutdown.begin();
    expiry.stop();
    presenceSweep.stop();
    escalation.stop();
    clearInterval(purgeTimer);
    void Promise.all([inflight.idle(), notifyWorker.stop(), langGraphWatcher.stop()]).then(async () => {
      await flushQueued();
      await stopPgListener();
      await closeDb();
    });
  };
  process.once("SIGTERM", drain);
  process.once("SIGINT", drain);
}
