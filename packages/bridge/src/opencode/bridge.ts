// `npm run bridge -- opencode --url …`: every OpenCode question and permission prompt becomes an
// inbox request; the outcome goes back through OpenCode's own routes. Correctness rests on the
// OpenCode request id as Idempotency-Key and on reconciling both pending lists whenever OpenCode's
// event stream (re)opens — not on never missing an event.
import type { QuestionRequest, QuestionsClient } from "@openoxide/questions-client";
import { retryDelay, sleep } from "@openoxide/questions-client";
import { connectQuestions, describe, questionsEnv } from "../core/env.ts";
import { BridgeError } from "../core/errors.ts";
import { settle, submit } from "../core/forward.ts";
import { logger, type Logger } from "../core/log.ts";
import { orphans, pendingRequests } from "../core/reconcile.ts";
import { WITHDRAWN } from "../core/withdraw.ts";
import { AGENT, mapPermission, mapQuestion } from "./map.ts";
import { OpenCodeHttpError, OpenCodeServer } from "./server.ts";
import type { PermissionRequest, QuestionRequest as OcQuestion } from "./types.ts";

type Live = { controller: AbortController; requestId?: string; settled: boolean };
type Prompt = { kind: "question"; item: OcQuestion } | { kind: "permission"; item: PermissionRequest };

export function parseOpenCodeArgs(args: string[]): { url: string } {
  const i = args.indexOf("--url");
  const url = i >= 0 ? args[i + 1] : undefined;
  if (!url) throw new BridgeError("Usage: npm run bridge -- opencode --url <opencode server URL>", 2);
  try {
    new URL(url);
  } catch {
    throw new BridgeError(`--url is not a URL: ${url}`, 2);
  }
  return { url };
}

export async function runOpenCode(args: { url: string }, signal: AbortSignal): Promise<number> {
  const log = logger("opencode");
  const client = await connectQuestions(questionsEnv(), "openoxide-questions-bridge/opencode");
  const server = new OpenCodeServer(args.url, process.env.OPENCODE_SERVER_PASSWORD || undefined, process.env.OPENCODE_SERVER_USERNAME || undefined);
  await checkOpenCode(server);
  const bridge = new Bridge(client, server, log, signal);
  log(`bridging ${args.url} to the inbox.`);
  await bridge.run();
  return 0;
}

async function checkOpenCode(server: OpenCodeServer): Promise<void> {
  try {
    await server.questions();
  } catch (e) {
    if (e instanceof OpenCodeHttpError && e.status === 401) throw new BridgeError(`OpenCode at ${server.url} refused us (401): set OPENCODE_SERVER_PASSWORD (and OPENCODE_SERVER_USERNAME if not "opencode").`);
    if (e instanceof OpenCodeHttpError) throw new BridgeError(`OpenCode at ${server.url} answered ${e.status}: is this an \`opencode serve\` URL?`);
    throw new BridgeError(`Cannot reach OpenCode at ${server.url}: is \`opencode serve\` running? (${describe(e)})`);
  }
}

const UNREACHABLE_MS = Number(process.env.QUESTIONS_BRIDGE_UNREACHABLE_MS) || 10_000;

class Bridge {
  /** OpenCode request id → the forward in progress. */
  private readonly live = new Map<string, Live>();
  private unreachable: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: QuestionsClient,
    private readonly server: OpenCodeServer,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
  ) {}

  async run(): Promise<void> {
    let failures = 0;
    let connectedOnce = false;
    while (!this.signal.aborted) {
      try {
        for await (const event of this.server.events(this.signal, async () => {
          clearTimeout(this.unreachable);
          this.unreachable = undefined;
          failures = 0;
          if (connectedOnce) this.log("OpenCode event stream reopened; reconciling.");
          connectedOnce = true;
          await this.reconcile();
        })) {
          this.onEvent(event);
        }
        if (!this.signal.aborted) this.log("OpenCode event stream ended; reconnecting.");
      } catch (e) {
        if (this.signal.aborted) break;
        if (failures === 0) this.log(`OpenCode event stream unavailable or reconcile failed (${describe(e)}); retrying.`);
        failures++;
      }
      // OpenCode gone for a while (crashed, stopped): nobody can use the answers; withdraw them.
      // A prompt still pending when it is back is asked again (core/forward.ts).
      this.unreachable ??= setTimeout(() => void this.withdrawAll(), UNREACHABLE_MS);
      await sleep(Math.min(5_000, retryDelay(failures + 1, undefined)), this.signal).catch(() => undefined);
    }
    for (const { controller } of this.live.values()) controller.abort();
  }

  private onEvent(event: { type: string; properties: unknown }): void {
    switch (event.type) {
      case "question.asked":
        return this.track({ kind: "question", item: event.properties as OcQuestion });
      case "permission.asked":
        return this.track({ kind: "permission", item: event.properties as PermissionRequest });
      case "question.replied":
      case "question.rejected":
      case "permission.replied":
        return void this.withdraw((event.properties as { requestID: string }).requestID);
    }
  }

  /** Both pending lists, compared: forward what is new, withdraw what OpenCode no longer asks. */
  private async reconcile(): Promise<void> {
    const [questions, permissions] = await Promise.all([this.server.questions(), this.server.permissions()]);
    const prompts: Prompt[] = [...questions.map((item) => ({ kind: "question" as const, item })), ...permissions.map((item) => ({ kind: "permission" as const, item }))];
    const open = new Set(prompts.map((p) => p.item.id));
    for (const id of [...this.live.keys()]) if (!open.has(id)) void this.withdraw(id);
    for (const p of prompts) this.track(p);
    const ours = await pendingRequests(this.client, AGENT, this.signal);
    const known = new Map<string, boolean>();
    for (const r of orphans(ours, open, (x) => x.agent.toolCallId)) {
      const runtimeId = r.agent.toolCallId ?? "";
      const session = r.agent.sessionId ?? "";
      if (this.live.has(runtimeId)) continue;
      // Only this server's sessions: another bridge with the same token serves another OpenCode.
      if (!known.has(session)) known.set(session, await this.server.hasSession(session));
      if (known.get(session)) void this.cancel(r.id, runtimeId);
    }
  }

  private track(p: Prompt): void {
    const id = p.item.id;
    if (this.live.has(id)) return;
    const entry: Live = { controller: new AbortController(), settled: false };
    this.live.set(id, entry);
    void this.forward(p, entry)
      .catch((e: unknown) => {
        if (!entry.controller.signal.aborted && !this.signal.aborted) this.log(`${p.item.id}: ${describe(e)} (retried on the next reconcile).`);
      })
      .finally(() => {
        if (this.live.get(id) === entry) this.live.delete(id);
      });
  }

  private async forward(p: Prompt, entry: Live): Promise<void> {
    const job = p.kind === "question" ? this.questionJob(p.item) : this.permissionJob(p.item);
    // Not aborted by a withdraw: a create already sent must come back with its id so it can be cancelled.
    const { request, replayed } = await submit(this.client, { key: p.item.id, body: job.body }, this.signal);
    entry.requestId = request.id;
    if (entry.controller.signal.aborted) return void (await this.cancel(request.id, p.item.id));
    this.log(`${job.what} ${p.item.id} (session ${p.item.sessionID}) → ${request.id}${replayed ? " (already in the inbox)" : ""}.`);
    const signal = AbortSignal.any([this.signal, entry.controller.signal]);
    const { request: final } = await settle(this.client, request, signal);
    entry.settled = true;
    try {
      const how = await job.send(final);
      this.log(`${final.id} ${final.status}${final.resolvedBy ? ` by ${final.resolvedBy}` : ""} → OpenCode ${p.item.id}: ${how}.`);
    } catch (e) {
      // Gone in OpenCode (answered there, or OpenCode restarted): nothing left to answer.
      if (e instanceof OpenCodeHttpError && e.status === 404) this.log(`${final.id} ${final.status}, but OpenCode ${p.item.id} is gone.`);
      else throw e;
    }
  }

  private questionJob(q: OcQuestion) {
    const mapped = mapQuestion(q);
    return {
      what: "question",
      body: mapped.body,
      send: async (final: QuestionRequest) => {
        const r = mapped.reply(final);
        if (r.kind === "reply") await this.server.replyQuestion(q.id, r.body);
        else await this.server.rejectQuestion(q.id);
        return r.kind === "reply" ? "replied" : "rejected";
      },
    };
  }

  private permissionJob(p: PermissionRequest) {
    const mapped = mapPermission(p);
    return {
      what: `permission ${p.permission}`,
      body: mapped.body,
      send: async (final: QuestionRequest) => {
        const r = mapped.reply(final);
        await this.server.replyPermission(p.id, r);
        return r.reply;
      },
    };
  }

  /** OpenCode settled the prompt itself: stop waiting and withdraw our request. */
  private async withdraw(runtimeId: string): Promise<void> {
    const entry = this.live.get(runtimeId);
    // Settled here first: this event is OpenCode confirming our own reply.
    if (!entry || entry.settled) return;
    this.live.delete(runtimeId);
    entry.controller.abort();
    if (entry.requestId) await this.cancel(entry.requestId, runtimeId);
  }

  private async withdrawAll(): Promise<void> {
    for (const [runtimeId, entry] of [...this.live]) {
      this.live.delete(runtimeId);
      entry.controller.abort();
      if (!entry.requestId || entry.settled) continue;
      await this.client.cancel(entry.requestId, WITHDRAWN.runtimeGone).then(
        (r) => this.log(`OpenCode unreachable → ${r.id} ${r.status}.`),
        (e: unknown) => this.log(`OpenCode unreachable; ${entry.requestId} not cancelled (${describe(e)}).`),
      );
    }
  }

  private async cancel(requestId: string, runtimeId: string): Promise<void> {
    try {
      const r = await this.client.cancel(requestId, "Answered in OpenCode before anyone answered here.");
      this.log(`OpenCode ${runtimeId} was settled in OpenCode → ${requestId} ${r.status}.`);
    } catch (e) {
      // Already resolved here (a reviewer was faster): the reply to OpenCode just finds it gone.
      this.log(`OpenCode ${runtimeId} was settled in OpenCode; ${requestId} not cancelled (${describe(e)}).`);
    }
  }
}
