// Every open long-poll, event stream and MCP tool wait holds a lease here. It caps a token's
// concurrent waits (WAITS_PER_TOKEN → 429) and a browser user's streams (STREAMS_PER_USER → 429),
// and ends waits whose access is gone: a periodic check reads the tokens
// (revoked by the CLI in another process, so no in-process signal would do) and the browser
// users' memberships of the waits still open, and aborts those that lost access.
import { db } from "../db/client";
import { AppError } from "../errors";
import { log } from "../log";
import { env } from "../config/env";

export type Lease = {
  /** aborts when the caller goes away or its access is gone (made on first use: SSE needs one, a long-poll does not) */
  readonly signal: AbortSignal;
  /** the same, without an AbortController: a wait passes the lease itself as its StopSignal */
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: EventListenerObject): void;
  removeEventListener(type: "abort", listener: EventListenerObject): void;
  /** true once the lease ended because the token was revoked or the member removed */
  readonly revoked: boolean;
  /** ends the wait now (aborts `signal`) without counting as revoked */
  end(): void;
  /** frees the slot; call once the wait is over */
  release(): void;
};

type Holder = { kind: "token"; tokenId: string } | { kind: "user"; userId: string; teamIds: string[] };

/**
 * One open wait. A class with no closures and no AbortController of its own until `signal` is
 * read: with 10,000 long-polls open, each controller with its listeners was a KB of heap.
 */
class Entry implements Lease {
  revoked = false;
  aborted = false;
  private controller: AbortController | null = null;
  /** at most one listener: the wait (or the stream's controller) that ends with the lease */
  private listener: EventListenerObject | null = null;
  private released = false;

  constructor(
    private readonly owner: Waits,
    readonly holder: Holder,
    private readonly parent: AbortSignal | undefined,
  ) {
    if (parent?.aborted) this.aborted = true;
    else parent?.addEventListener("abort", this, { once: true });
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }

  addEventListener(_type: "abort", listener: EventListenerObject): void {
    if (this.listener && this.listener !== listener) throw new Error("A lease takes one abort listener.");
    this.listener = listener;
  }

  removeEventListener(_type: "abort", listener: EventListenerObject): void {
    if (this.listener === listener) this.listener = null;
  }

  /** The parent signal aborted (the client went away). */
  handleEvent(): void {
    this.end();
  }

  end(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.controller?.abort();
    const l = this.listener;
    this.listener = null;
    l?.handleEvent(new Event("abort"));
  }

  revoke(): void {
    if (this.aborted) return;
    this.revoked = true;
    this.end();
  }

  /** Bound: streams take it as their onClose callback. */
  readonly release = (): void => {
    if (this.released) return;
    this.released = true;
    this.parent?.removeEventListener("abort", this);
    this.owner.remove(this);
  };
}

/** One more slot for `key`, or 429 (`%d`: the limit) when it holds `limit` already. */
function take(counts: Map<string, number>, key: string, limit: number, message: string): void {
  const held = counts.get(key) ?? 0;
  if (held >= limit) {
    throw new AppError("rate_limited", `${message.replace("%d", String(limit))}; close one or retry later.`, undefined, { "retry-after": "5" });
  }
  counts.set(key, held + 1);
}

function give(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

const LIVE_CHECK_CHUNK = 500;
let liveBatch: { ids: Set<string>; live: Promise<Set<string>> } | null = null;

/**
 * Is the token still live? One query for all the checks that arrive before it starts: one answer
 * wakes thousands of MCP calls, and a query each was most of the wave's CPU. The query starts
 * after every check it serves was asked for, so none misses an earlier revocation.
 */
function tokenLive(tokenId: string): Promise<boolean> {
  if (!liveBatch) {
    const ids = new Set<string>();
    const live = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      liveBatch = null;
      const all = [...ids];
      const found = new Set<string>();
      for (let i = 0; i < all.length; i += LIVE_CHECK_CHUNK) {
        const rows = await db().apiToken.findMany({ where: { id: { in: all.slice(i, i + LIVE_CHECK_CHUNK) }, revokedAt: null }, select: { id: true } });
        for (const row of rows) found.add(row.id);
      }
      return found;
    });
    liveBatch = { ids, live };
  }
  liveBatch.ids.add(tokenId);
  return liveBatch.live.then((found) => found.has(tokenId));
}

class Waits {
  private readonly entries = new Set<Entry>();
  private readonly perToken = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  /** A wait of an API token; throws 429 beyond WAITS_PER_TOKEN. */
  forToken(tokenId: string, parent?: AbortSignal): Lease {
    take(this.perToken, tokenId, env().WAITS_PER_TOKEN, "This token already holds %d open waits and event streams");
    return this.lease({ kind: "token", tokenId }, parent);
  }

  /** A browser stream: ends when the user is no longer a member of one of these teams; 429 beyond STREAMS_PER_USER. */
  forUser(userId: string, teamIds: string[], parent?: AbortSignal): Lease {
    take(this.perUser, userId, env().STREAMS_PER_USER, "You already have %d live inbox connections open (one per tab)");
    return this.lease({ kind: "user", userId, teamIds }, parent);
  }

  /**
   * Before a finished wait hands its outcome over: is the token still live? The periodic check may
   * not have run yet when an answer wakes a wait just after a revoke. Ends the lease as revoked if not.
   * `liveToken`: the token the woken change's own transaction found live (./token-live.ts): no read then.
   */
  async confirm(lease: Lease, liveToken?: string | null): Promise<boolean> {
    const entry = lease as Entry;
    if (entry.revoked) return false;
    const h = entry.holder;
    if (h.kind !== "token" || h.tokenId === liveToken) return true;
    if (!(await tokenLive(h.tokenId))) entry.revoke();
    return !entry.revoked;
  }

  get size(): number {
    return this.entries.size;
  }

  private lease(holder: Holder, parent?: AbortSignal): Lease {
    const entry = new Entry(this, holder, parent);
    this.entries.add(entry);
    this.startTimer();
    return entry;
  }

  /** Entry.release(): frees the slot. */
  remove(entry: Entry): void {
    this.entries.delete(entry);
    const holder = entry.holder;
    if (holder.kind === "token") give(this.perToken, holder.tokenId);
    else give(this.perUser, holder.userId);
    if (this.entries.size === 0) this.stopTimer();
  }

  private startTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), env().ACCESS_RECHECK_MS);
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One query for the tokens and one for the users of all open waits. */
  async check(): Promise<void> {
    if (this.checking || this.entries.size === 0) return;
    this.checking = true;
    try {
      const entries = [...this.entries];
      const tokenIds = [...new Set(entries.flatMap((e) => (e.holder.kind === "token" ? [e.holder.tokenId] : [])))];
      const userIds = [...new Set(entries.flatMap((e) => (e.holder.kind === "user" ? [e.holder.userId] : [])))];
      const live = new Set(
        tokenIds.length === 0
          ? []
          : (await db().apiToken.findMany({ where: { id: { in: tokenIds }, revokedAt: null }, select: { id: true } })).map((t) => t.id),
      );
      const members = new Set(
        userIds.length === 0
          ? []
          : (await db().membership.findMany({ where: { userId: { in: userIds } }, select: { userId: true, teamId: true } })).map((m) => `${m.userId}|${m.teamId}`),
      );
      for (const e of entries) {
        const h = e.holder;
        const allowed = h.kind === "token" ? live.has(h.tokenId) : h.teamIds.every((t) => members.has(`${h.userId}|${t}`));
        if (allowed || e.aborted) continue;
        e.revoke();
      }
    } catch (e) {
      log.error({ error: (e as Error).name }, "access check of open waits failed; retrying at the next interval");
    } finally {
      this.checking = false;
    }
  }
}

const g = globalThis as unknown as { __questionsWaits?: Waits };
export const waits: Waits = (g.__questionsWaits ??= new Waits());
