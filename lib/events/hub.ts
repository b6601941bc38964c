// The process-wide event hub. Every state change commits one Event row and then hands it to the
// hub; the hub fans events out, in id order, to long-poll waiters and SSE subscribers.
// Rows it did not see committed (another instance's, a gap in the ids, a write while a read is
// running) it reads from the table: a poke from another instance (PostgreSQL NOTIFY) and a late
// poke lose nothing, and the common case (our own commit, next in line) costs no read.
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { INSTANCE_ID } from "../db/provider";
import { log } from "../log";
import { shutdown } from "../shutdown";
import { parseNotice } from "./notice";
import { Watch } from "./watch";

export type { Watch } from "./watch";

type Listener = (event: EventRow) => void;
/** Narrows what a subscriber is offered: events of these teams, and (when given) of these tokens. */
export type SubscriptionKey = { teamIds?: string[]; tokenIds?: string[] };
type Entry = { listener: Listener; teamIds: Set<string> | null };

const PAGE = 500;

/** A Map of Sets: add and remove keep no empty Set behind. */
class Index {
  readonly map = new Map<string, Set<Entry>>();
  add(key: string, entry: Entry): void {
    let set = this.map.get(key);
    if (!set) this.map.set(key, (set = new Set()));
    set.add(entry);
  }
  remove(key: string, entry: Entry): void {
    const set = this.map.get(key);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) this.map.delete(key);
  }
}

class Hub {
  private lastId: number | null = null;
  private initializing: Promise<void> | null = null;
  private pumping = false;
  private again = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Subscribers offered every event (background work, the expiry timer). */
  private readonly everything = new Set<Entry>();
  // SSE subscribers, indexed so that one event runs only the filters of those it may concern:
  // with 10,000 streams open, running every filter for every event took 30 s for a burst.
  private readonly byTeam = new Index();
  private readonly byToken = new Index();
  private keyed = 0;
  private readonly waiters = new Map<string, Set<Watch>>();
  private drainHooked = false;

  /** Must resolve before the first write of the process, so no committed event is skipped. */
  ready(): Promise<void> {
    this.initializing ??= db()
      .event.aggregate({ _max: { id: true } })
      .then((r) => {
        this.lastId = r._max.id ?? 0;
      })
      .catch((e) => {
        this.initializing = null;
        throw e;
      });
    return this.initializing;
  }

  get lastDispatchedId(): number {
    return this.lastId ?? 0;
  }

  /**
   * This process committed these event rows (ascending ids). When they follow the last delivered
   * row and no read is under way, they are delivered as they are; otherwise the hub reads.
   */
  committed(rows: EventRow[]): void {
    // Rows delivered already (by our own notification, or a read) are not news.
    const last = this.lastId;
    const fresh = last === null ? rows : rows.filter((row) => row.id > last);
    const first = fresh[0];
    if (!first) return;
    if (this.pumping || last === null || first.id !== last + 1) return this.poke();
    for (const row of fresh) {
      this.lastId = row.id;
      this.deliver(row);
    }
  }

  /**
   * A PostgreSQL notification: its payload names the instance that committed, and may carry the
   * row (./notice.ts). A carried row is delivered as it came when it is next in line (commits, and
   * so notifications, follow id order) — our own too: the notification follows the commit and
   * often reaches us before the writing query's result, whose hand-over then finds the row
   * delivered. Our own plain notice was (or will be) handed to committed(); another's means read.
   */
  notified(payload: string): void {
    if (payload === INSTANCE_ID) return;
    const notice = parseNotice(payload);
    if (notice) return this.committed([notice.row]);
    this.poke();
  }

  /** Something was committed (here or on another instance): deliver what is new. */
  poke(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.pump().then(
      () => {
        this.failures = 0;
        this.pumping = false;
        if (this.again) this.poke();
      },
      (e: unknown) => {
        // A failed read (database down, pool exhausted) must not stop delivery until the next
        // write: retry on our own with backoff, for as long as it takes.
        this.failures++;
        this.pumping = false;
        const delay = Math.min(100 * 2 ** (this.failures - 1), 5000);
        log.error({ error: (e as Error)?.name, code: (e as { code?: string })?.code, failures: this.failures, retryMs: delay }, "event hub could not read new events; retrying");
        if (this.retryTimer) return;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.poke();
        }, delay);
        this.retryTimer.unref();
      },
    );
  }

  private async pump(): Promise<void> {
    await this.ready();
    do {
      this.again = false;
      for (;;) {
        const rows = await db().event.findMany({ where: { id: { gt: this.lastId! } }, orderBy: { id: "asc" }, take: PAGE });
        for (const row of rows) {
          this.lastId = row.id;
          this.deliver(row);
        }
        if (rows.length < PAGE) break;
        // A big burst: let the sockets written so far flush (and requests in between run).
        await new Promise((resolve) => setImmediate(resolve));
      }
    } while (this.again);
  }

  private deliver(row: EventRow): void {
    const set = this.waiters.get(row.requestId);
    if (set) for (const watch of [...set]) watch.wake(row); // resolves a promise: cannot throw
    for (const entry of [...this.everything]) this.offer(entry, row);
    const team = this.byTeam.map.get(row.teamId);
    if (team) for (const entry of [...team]) this.offer(entry, row);
    const token = row.tokenId ? this.byToken.map.get(row.tokenId) : undefined;
    if (token) for (const entry of [...token]) if (!entry.teamIds || entry.teamIds.has(row.teamId)) this.offer(entry, row);
  }

  private offer(entry: Entry, row: EventRow): void {
    try {
      entry.listener(row);
    } catch (e) {
      // A broken subscriber must not stop delivery to the others, nor fail unseen.
      log.error({ error: (e as Error)?.name, eventId: row.id }, "event listener failed");
    }
  }

  /**
   * Without a key the listener sees every event. With one it sees only the events of its teams,
   * narrowed to its tokens when `tokenIds` is given; it still filters what it may show.
   */
  subscribe(listener: Listener, key?: SubscriptionKey): () => void {
    const tokenIds = key?.tokenIds ? [...new Set(key.tokenIds)] : null;
    const teamIds = key?.teamIds ? [...new Set(key.teamIds)] : null;
    const entry: Entry = { listener, teamIds: tokenIds && teamIds ? new Set(teamIds) : null };
    if (tokenIds) for (const t of tokenIds) this.byToken.add(t, entry);
    else if (teamIds) for (const t of teamIds) this.byTeam.add(t, entry);
    else this.everything.add(entry);
    if (tokenIds || teamIds) this.keyed++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (tokenIds || teamIds) this.keyed--;
      if (tokenIds) for (const t of tokenIds) this.byToken.remove(t, entry);
      else if (teamIds) for (const t of teamIds) this.byTeam.remove(t, entry);
      else this.everything.delete(entry);
    };
  }

  /**
   * Register interest in a request before reading it, so no wake-up is lost in between. One
   * object per open long-poll (see ./watch.ts); dispose() it when the wait is over.
   */
  watch(requestId: string): Watch {
    // One drain hook for every watch, instead of a callback per open wait.
    if (!this.drainHooked) {
      this.drainHooked = true;
      shutdown.onDrain(() => {
        for (const set of [...this.waiters.values()]) for (const w of [...set]) w.stop();
      });
    }
    let set = this.waiters.get(requestId);
    if (!set) this.waiters.set(requestId, (set = new Set()));
    const watch = new Watch(set, this.waiters, requestId);
    set.add(watch);
    return watch;
  }

  /** Waits parked on this request here (past their read, woken by its next event): the Parked-Waits header. */
  parked(requestId: string): number {
    let n = 0;
    for (const w of this.waiters.get(requestId) ?? []) if (w.parked) n++;
    return n;
  }

  get stats() {
    return { listeners: this.everything.size + this.keyed, watchedRequests: this.waiters.size, pumping: this.pumping };
  }
}

const g = globalThis as unknown as { __questionsHub?: Hub };
export const hub: Hub = (g.__questionsHub ??= new Hub());
