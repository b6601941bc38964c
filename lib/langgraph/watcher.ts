// Watches connected LangGraph deployments: each pending interrupt of an interrupted thread becomes
// one inbox request (idempotent by deployment + thread + interrupt id), and a decided request
// resumes its thread once, in the form the interrupt expects. One process per deployment at a
// time does this: a lease row (leaseOwner/leaseUntil) taken by a conditional update, so with
// several instances on PostgreSQL exactly one watches each deployment, and another takes over
// when it stops renewing. Every step is a conditional write, so a crash between two steps is
// picked up by the next pass, never done twice.
import { randomUUID } from "node:crypto";
import { env } from "../config/env";
import { db, isUniqueViolation } from "../db/client";
import { hub } from "../events/hub";
import { newId } from "../ids";
import { log } from "../log";
import { cancelRequest } from "../questions/actions";
import { createRequest } from "../questions/create";
import { presence } from "../questions/presence";
import { getRequest } from "../questions/read";
import { graphList, openApiKey } from "./deployments";
import { LEAVE, toRequest, toResume, type Shape } from "./mapping";
import { langGraphClient, type LangGraphClient as Client } from "./sdk";

type Deployment = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["langGraphDeployment"]["findUnique"]>>>;
type Link = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["langGraphInterrupt"]["findUnique"]>>>;
type Live = { threadId: string; interruptId: string; value: unknown; graph: string; assistantId: string; siblings: number };

const SEARCH_PAGE = 100;
const SEARCH_MAX = 1_000;
const WITHDRAWN = "The graph's interrupt was answered outside the inbox (resumed elsewhere).";
const key = (threadId: string, interruptId: string) => `${threadId}\n${interruptId}`;
const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 299)}…` : s);

const clientFor = (d: Deployment): Client => langGraphClient(d.url, openApiKey(d));

/** Every interrupt of the deployment's interrupted threads (of the watched graphs), and whether the list is whole. */
async function interrupted(client: Client, graphs: string[]): Promise<{ live: Map<string, Live>; complete: boolean }> {
  const live = new Map<string, Live>();
  let offset = 0;
  for (;;) {
    const page = await client.threads.search({ status: "interrupted", limit: SEARCH_PAGE, offset, sortBy: "created_at", sortOrder: "asc" });
    for (const t of page) {
      const graph = String(t.metadata?.graph_id ?? "");
      const assistantId = String(t.metadata?.assistant_id ?? graph);
      if (graphs.length && !graphs.includes(graph) && !graphs.includes(assistantId)) continue;
      const all = Object.values(t.interrupts ?? {}).flat();
      for (const i of all) {
        if (!i.id) continue;
        live.set(key(t.thread_id, i.id), { threadId: t.thread_id, interruptId: i.id, value: i.value, graph: graph || assistantId, assistantId, siblings: all.length });
      }
    }
    offset += page.length;
    if (page.length < SEARCH_PAGE) return { live, complete: true };
    if (offset >= SEARCH_MAX) return { live, complete: false };
  }
}

/** The thread's interrupts now (for one thread the search did not show, or before a resume). */
async function threadInterrupts(client: Client, threadId: string): Promise<{ ids: Set<string>; busy: boolean }> {
  const t = await client.threads.get(threadId);
  const ids = new Set(Object.values(t.interrupts ?? {}).flat().map((i) => i.id ?? ""));
  return { ids, busy: t.status === "busy" };
}

class Watcher {
  readonly instance = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running = false;
  private again: "resume" | "full" | null = null;
  private stopped = false;
  private active = false; // some deployment exists: only then do resolutions poke us
  private current: Promise<void> = Promise.resolve();

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.poke("full"), env().LANGGRAPH_POLL_MS);
    this.timer.unref();
    // A decision resumes its thread at once rather than at the next poll.
    this.unsubscribe = hub.subscribe((row) => {
      if (this.active && row.type !== "request.created") this.poke("resume");
    });
    this.poke("full");
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.current;
    // Let another instance take over at once instead of after the lease runs out.
    await db()
      .langGraphDeployment.updateMany({ where: { leaseOwner: this.instance }, data: { leaseOwner: null, leaseUntil: null } })
      .catch(() => undefined);
  }

  poke(kind: "resume" | "full"): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = this.again === "full" || kind === "full" ? "full" : "resume";
      return;
    }
    this.running = true;
    this.current = this.run(kind)
      .catch((e) => log.error({ error: (e as Error).name }, "langgraph watcher failed"))
      .finally(() => {
        this.running = false;
        const next = this.again;
        this.again = null;
        if (next) this.poke(next);
      });
  }

  private async run(kind: "resume" | "full"): Promise<void> {
    const now = new Date();
    const where = kind === "full" ? { nextPollAt: { lte: now } } : { leaseOwner: this.instance };
    const deployments = await db().langGraphDeployment.findMany({ where });
    if (kind === "full") this.active = deployments.length > 0 || (await db().langGraphDeployment.count()) > 0;
    for (const d of deployments) {
      if (this.stopped) return;
      // Whoever holds the lease (it may take 10 s to pass on after a crash): the graph still waits.
      if (kind === "full") await this.keepAlive(d);
      if (!(await this.claim(d.id, now))) continue;
      try {
        if (kind === "full") await this.poll(d);
        else await this.resumeDecided(d, clientFor(d), null);
        if (kind === "full" || d.failureStreak) {
          await db().langGraphDeployment.update({ where: { id: d.id }, data: { lastPolledAt: new Date(), lastError: null, failureStreak: 0, nextPollAt: new Date() } });
        }
      } catch (e) {
        await this.failed(d, e);
      }
    }
  }

  /**
   * The graph waits on its interrupts (they last in its checkpoints, down or not): every instance's
   * full pass marks the requests of the interrupts still open as waited for (lib/questions/presence.ts),
   * so they are never withdrawn as abandoned. One resumed elsewhere is withdrawn by withdrawGone instead.
   */
  private async keepAlive(d: Deployment): Promise<void> {
    const open = await db().langGraphInterrupt.findMany({ where: { deploymentId: d.id, state: "pending" }, select: { requestId: true } });
    for (const { requestId } of open) presence.touch(requestId);
  }

  /** Takes or renews the deployment's lease; false when another instance holds it. */
  private async claim(id: string, now: Date): Promise<boolean> {
    const until = new Date(now.getTime() + Math.max(10_000, 5 * env().LANGGRAPH_POLL_MS));
    const { count } = await db().langGraphDeployment.updateMany({
      where: { id, OR: [{ leaseOwner: null }, { leaseOwner: this.instance }, { leaseUntil: { lt: now } }] },
      data: { leaseOwner: this.instance, leaseUntil: until },
    });
    return count === 1;
  }

  /** A deployment that is down is retried with backoff (doubling, at most a minute) and shown in Settings. */
  private async failed(d: Deployment, e: unknown): Promise<void> {
    const streak = d.failureStreak + 1;
    const delay = Math.min(60_000, env().LANGGRAPH_POLL_MS * 2 ** Math.min(streak, 10));
    const message = clip(e instanceof Error ? e.message : String(e));
    log.warn({ deployment: d.id, streak, error: (e as Error).name }, "langgraph deployment unreachable");
    await db()
      .langGraphDeployment.update({ where: { id: d.id }, data: { lastError: message, failureStreak: streak, nextPollAt: new Date(Date.now() + delay) } })
      .catch(() => undefined);
  }

  private async poll(d: Deployment): Promise<void> {
    const client = clientFor(d);
    const { live, complete } = await interrupted(client, graphList(d.graphs));
    const threadIds = [...new Set([...live.values()].map((l) => l.threadId))];
    const known = new Set(
      (await db().langGraphInterrupt.findMany({ where: { deploymentId: d.id, threadId: { in: threadIds } }, select: { threadId: true, interruptId: true } })).map((l) =>
        key(l.threadId, l.interruptId),
      ),
    );
    for (const [k, l] of live) if (!known.has(k)) await this.ask(d, l);
    await this.resumeDecided(d, client, live);
    if (complete) await this.withdrawGone(d, client, live);
  }

  /** One inbox request for one interrupt. */
  private async ask(d: Deployment, l: Live): Promise<void> {
    const { body, shape } = toRequest(l.value, { url: d.url, graph: l.graph, threadId: l.threadId });
    const team = await db().team.findUnique({ where: { id: d.teamId }, select: { policy: true, defaultExpiresSeconds: true } });
    const principal = {
      kind: "token" as const,
      tokenId: d.id,
      tokenName: "langgraph",
      teamId: d.teamId,
      scopes: ["ask" as const],
      policy: team?.policy === "deny" ? ("deny" as const) : ("allow" as const),
      defaultExpiresSeconds: team?.defaultExpiresSeconds ?? null,
    };
    // The deployment's id stands in for a token, so the idempotency record makes a second
    // instance's (or a retried pass's) create of the same interrupt return the same request.
    const { request } = await createRequest({ principal, body, idempotencyKey: `langgraph:${l.threadId}:${l.interruptId}` });
    await db()
      .langGraphInterrupt.create({
        data: { id: newId("lgi"), deploymentId: d.id, threadId: l.threadId, interruptId: l.interruptId, assistantId: l.assistantId, requestId: request.id, shape: JSON.stringify({ ...shape, siblings: l.siblings }) },
      })
      .catch((e: unknown) => {
        if (!isUniqueViolation(e)) throw e; // else: another pass linked it first
      });
    log.info({ deployment: d.id, request: request.id, kind: shape.kind }, "langgraph interrupt forwarded");
  }

  /** Resumes the threads of decided requests, once each. */
  private async resumeDecided(d: Deployment, client: Client, live: Map<string, Live> | null): Promise<void> {
    const links = await db().langGraphInterrupt.findMany({ where: { deploymentId: d.id, state: { in: ["pending", "resuming"] } } });
    for (const link of links) {
      const request = await getRequest({ teamId: d.teamId }, link.requestId);
      if (!request || request.status === "pending") continue;
      const shape = JSON.parse(link.shape) as Shape & { siblings?: number };
      const value = toResume(shape, request);
      if (value === LEAVE) {
        await this.settle(link, "pending", "closed");
        continue;
      }
      const now = live?.has(key(link.threadId, link.interruptId)) ? { ids: new Set([link.interruptId]), busy: false } : await threadInterrupts(client, link.threadId);
      if (now.busy) continue; // a run (perhaps our own resume) is under way: look again next pass
      if (!now.ids.has(link.interruptId)) {
        // Not interrupted there any more: resumed by us before a crash, or by someone else.
        await this.settle(link, link.state, link.state === "resuming" ? "resumed" : "withdrawn");
        continue;
      }
      if (link.state === "pending" && !(await this.settle(link, "pending", "resuming"))) continue;
      const resume = (shape.siblings ?? 1) > 1 ? { [link.interruptId]: value } : value;
      await client.runs.create(link.threadId, link.assistantId, { command: { resume }, multitaskStrategy: "reject" });
      await this.settle(link, "resuming", "resumed");
      log.info({ deployment: d.id, request: link.requestId }, "langgraph thread resumed");
    }
  }

  /** Requests whose interrupt is no longer pending in LangGraph: withdrawn, so nobody answers them. */
  private async withdrawGone(d: Deployment, client: Client, live: Map<string, Live>): Promise<void> {
    const links = await db().langGraphInterrupt.findMany({ where: { deploymentId: d.id, state: "pending" } });
    for (const link of links) {
      if (live.has(key(link.threadId, link.interruptId))) continue;
      const request = await getRequest({ teamId: d.teamId }, link.requestId);
      if (!request || request.status !== "pending") continue;
      const now = await threadInterrupts(client, link.threadId).catch((e: unknown) => {
        if ((e as { status?: number }).status === 404) return { ids: new Set<string>(), busy: false };
        throw e;
      });
      if (now.ids.has(link.interruptId)) continue;
      if (!(await this.settle(link, "pending", "withdrawn"))) continue;
      await cancelRequest({ scope: { teamId: d.teamId }, id: link.requestId, reason: WITHDRAWN, actor: "langgraph" }).catch(() => undefined);
      log.info({ deployment: d.id, request: link.requestId }, "langgraph interrupt resumed elsewhere: request withdrawn");
    }
  }

  private async settle(link: Link, from: string, to: string): Promise<boolean> {
    const done = to === "pending" || to === "resuming" ? null : new Date();
    const { count } = await db().langGraphInterrupt.updateMany({ where: { id: link.id, state: from }, data: { state: to, doneAt: done } });
    return count === 1;
  }
}

const g = globalThis as unknown as { __questionsLangGraph?: Watcher };
export const langGraphWatcher: Watcher = (g.__questionsLangGraph ??= new Watcher());
