// Every open long-poll and event stream holds a lease here. It caps a token's concurrent waits
// (WAITS_PER_TOKEN → 429) and ends waits whose access is gone: a periodic check reads the tokens
// (revoked by the CLI in another process, so no in-process signal would do) and the browser
// users' memberships of the waits still open, and aborts those that lost access.
import { db } from "../db/client";
import { AppError } from "../errors";
import { log } from "../log";
import { env } from "../config/env";

export type Lease = {
  /** aborts when the caller goes away or its access is gone */
  readonly signal: AbortSignal;
  /** true once the lease ended because the token was revoked or the member removed */
  readonly revoked: boolean;
  /** ends the wait now (aborts `signal`) without counting as revoked */
  end(): void;
  /** frees the slot; call once the wait is over */
  release(): void;
};

type Holder = { kind: "token"; tokenId: string } | { kind: "user"; userId: string; teamIds: string[] };
type Entry = { holder: Holder; controller: AbortController; revoked: boolean };

class Waits {
  private readonly entries = new Set<Entry>();
  private readonly perToken = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  /** A wait of an API token; throws 429 beyond WAITS_PER_TOKEN. */
  forToken(tokenId: string, parent?: AbortSignal): Lease {
    const limit = env().WAITS_PER_TOKEN;
    const held = this.perToken.get(tokenId) ?? 0;
    if (held >= limit) {
      throw new AppError("rate_limited", `This token already holds ${limit} open waits and event streams; close one or retry later.`, undefined, {
        "retry-after": "5",
      });
    }
    this.perToken.set(tokenId, held + 1);
    return this.lease({ kind: "token", tokenId }, parent);
  }

  /** A browser stream: ends when the user is no longer a member of one of these teams. */
  forUser(userId: string, teamIds: string[], parent?: AbortSignal): Lease {
    return this.lease({ kind: "user", userId, teamIds }, parent);
  }

  get size(): number {
    return this.entries.size;
  }

  private lease(holder: Holder, parent?: AbortSignal): Lease {
    const entry: Entry = { holder, controller: new AbortController(), revoked: false };
    const onParentAbort = () => entry.controller.abort();
    parent?.addEventListener("abort", onParentAbort, { once: true });
    if (parent?.aborted) entry.controller.abort();
    this.entries.add(entry);
    this.startTimer();
    let released = false;
    return {
      signal: entry.controller.signal,
      get revoked() {
        return entry.revoked;
      },
      end: () => entry.controller.abort(),
      release: () => {
        if (released) return;
        released = true;
        parent?.removeEventListener("abort", onParentAbort);
        this.entries.delete(entry);
        if (holder.kind === "token") {
          const left = (this.perToken.get(holder.tokenId) ?? 1) - 1;
          if (left > 0) this.perToken.set(holder.tokenId, left);
          else this.perToken.delete(holder.tokenId);
        }
        if (this.entries.size === 0) this.stopTimer();
      },
    };
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
        if (allowed || e.controller.signal.aborted) continue;
        e.revoked = true;
        e.controller.abort();
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
