// Agent presence: is anyone still waiting for this request's answer? An agent counts as waiting
// while it holds a wait on the request (long-poll, MCP call, a bridge's long-poll: all through
// waitLoop in ./wait.ts), while its token holds an `ask` event stream, and for PRESENCE_SECONDS
// after its last wait or read. Stored in the database (agentSeenAt, agentGoneAt) so that every
// instance sees waits held by the others; the instance holding waits refreshes agentSeenAt in
// batches (one statement per 500 requests every few seconds, never one per wait or wake-up).
// The sweep that declares agents gone and withdraws abandoned requests is ./presence-sweep.ts.
import { env } from "../config/env";
import { log } from "../log";
import { writePresenceEvents } from "./presence-events";
import { markAgentSeen } from "./request-writes";

export type Presence = { state: "waiting" | "gone"; since: string };

type Seen = { agentSeenAt: Date | null; agentGoneAt: Date | null; createdAt: Date };

/** A pending request's presence as stored (`since`: when an agent was last seen). */
export function presenceOf(row: Seen, now = Date.now()): Presence {
  const seen = row.agentSeenAt ?? row.createdAt;
  const gone = row.agentGoneAt !== null || now - seen.getTime() > env().PRESENCE_SECONDS * 1000;
  return { state: gone ? "gone" : "waiting", since: seen.toISOString() };
}

/** How often held waits are written back and the sweep runs: well inside PRESENCE_SECONDS. */
export function refreshMs(): number {
  return Math.max(500, Math.min(20_000, (env().PRESENCE_SECONDS * 1000) / 3));
}

const FLUSH_DELAY_MS = 200;
const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

class Tracker {
  /** request id → waits open on it in this process */
  private readonly waiting = new Map<string, number>();
  /** token id → its team and the `ask` event streams it holds open here */
  private readonly streams = new Map<string, { teamId: string; count: number }>();
  /** requests seen since the last flush (a wait began or ended, a read) */
  private readonly touched = new Set<string>();
  /** tokens whose stream just opened */
  private readonly touchedTokens = new Set<string>();
  /** tokens whose last stream here just closed → their team */
  private readonly endedStreams = new Map<string, string>();
  /** request or token id → when this process last wrote its presence */
  private readonly written = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  /** A wait on `id` began (after the read that proved the caller may wait on it). */
  begin(id: string): void {
    this.waiting.set(id, (this.waiting.get(id) ?? 0) + 1);
    this.touch(id);
  }

  /** A wait ended; one that ended because the request resolved needs no write. */
  end(id: string, resolved: boolean): void {
    const left = (this.waiting.get(id) ?? 1) - 1;
    if (left > 0) this.waiting.set(id, left);
    else this.waiting.delete(id);
    // Resolved: nothing of it is written any more (presence is kept for pending requests only).
    if (resolved) {
      this.written.delete(id);
      if (left <= 0) this.touched.delete(id);
    } else this.touch(id);
  }

  /** The agent read the request. */
  touch(id: string): void {
    this.touched.add(id);
    this.schedule(FLUSH_DELAY_MS);
  }

  beginStream(tokenId: string, teamId: string): void {
    const s = this.streams.get(tokenId);
    if (s) s.count++;
    else this.streams.set(tokenId, { teamId, count: 1 });
    this.touchedTokens.add(tokenId);
    this.schedule(FLUSH_DELAY_MS);
  }

  endStream(tokenId: string): void {
    const s = this.streams.get(tokenId);
    if (!s) return;
    if (--s.count > 0) return;
    this.streams.delete(tokenId);
    // its requests were last seen now: written with the next flush
    this.endedStreams.set(tokenId, s.teamId);
    this.schedule(FLUSH_DELAY_MS);
  }

  /** Held here right now (the sweep never declares these gone). */
  isHeld(id: string): boolean {
    return this.waiting.has(id);
  }

  private schedule(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  /** Writes what is due: touched requests, and held ones not written for half a refresh. */
  flush(): Promise<void> {
    this.flushing ??= this.write()
      .catch((e: unknown) => log.error({ error: (e as Error).name }, "presence write failed; retrying at the next refresh"))
      .finally(() => {
        this.flushing = null;
        if (this.waiting.size > 0 || this.streams.size > 0) this.schedule(refreshMs());
      });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const now = Date.now();
    const every = refreshMs() / 2;
    const due = (key: string) => now - (this.written.get(key) ?? 0) >= every;
    const ids = new Set(this.touched);
    this.touched.clear();
    for (const id of this.waiting.keys()) if (due(id)) ids.add(id);
    const tokens = new Map<string, string>(this.endedStreams);
    this.endedStreams.clear();
    for (const [tokenId, s] of this.streams) if (this.touchedTokens.has(tokenId) || due(`tok:${tokenId}`)) tokens.set(tokenId, s.teamId);
    this.touchedTokens.clear();
    const at = new Date(now);
    for (const part of chunks([...ids])) {
      // One that was declared gone comes back with an event (the inbox shows it live).
      await writePresenceEvents({ where: { id: { in: part }, status: "pending", agentGoneAt: { not: null } }, state: "waiting", at });
      await markAgentSeen({ id: { in: part }, status: "pending" }, at);
      for (const id of part) this.written.set(id, now);
    }
    const byTeam = new Map<string, string[]>();
    for (const [tokenId, teamId] of tokens) byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), tokenId]);
    for (const [teamId, tokenIds] of byTeam) {
      for (const part of chunks(tokenIds)) {
        const where = { teamId, tokenId: { in: part }, status: "pending" };
        await writePresenceEvents({ where: { ...where, agentGoneAt: { not: null } }, state: "waiting", at });
        await markAgentSeen(where, at);
        for (const t of part) this.written.set(`tok:${t}`, now);
      }
    }
    // Forget what is neither held nor recent, so the map does not grow with every request ever seen.
    for (const [key, when] of this.written) if (now - when > 2 * refreshMs() && !this.waiting.has(key) && !this.streams.has(key.slice(4))) this.written.delete(key);
  }
}

const g = globalThis as unknown as { __questionsPresence?: Tracker };
export const presence: Tracker = (g.__questionsPresence ??= new Tracker());
