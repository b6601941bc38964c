// Ask the inbox on Claude Code's behalf and wait for the outcome: create the request, wait through
// the shared wait path holding a wait lease (counted in WAITS_PER_TOKEN, ended when the token is
// revoked), and withdraw the request when the wait ends without a decision, so nobody answers a
// question Claude Code no longer asks.
import type { Principal } from "../auth/principal";
import { actorLabel } from "../auth/principal";
import { AppError } from "../errors";
import { waits, type Lease } from "../events/waits";
import { cancelRequest } from "../questions/actions";
import { createRequest } from "../questions/create";
import { getRequest } from "../questions/read";
import { CreateRequestSchema, type QuestionRequest } from "../questions/schemas";
import { waitForRequest } from "../questions/wait";
import type { Mapped } from "@openoxide/questions-client/claude-code";

/** Longest single wait; a wait to the request's expiry loops (and re-reads) in steps of this. */
const STEP_MS = 3_600_000;

export type AskOptions = {
  principal: Principal;
  mapped: Mapped;
  idempotencyKey?: string;
  /** the MCP transport session asking (the permission_prompt tool's) */
  mcpSessionId?: string;
  /** epoch ms to stop waiting at; Infinity waits until a decision or the request's expiry */
  deadline: number;
  /** aborted when Claude Code stops waiting (closed the connection) */
  signal: AbortSignal;
  /** a wait lease already reserved for this call (the MCP tool's); else one is taken here */
  lease?: Lease;
  /** the cancel reasons for "the deadline passed" and "Claude Code went away" */
  reasons: { deadline: string; gone: string };
  /** called every `progressSeconds` while waiting */
  progress?: { everySeconds: number; send: (elapsedSeconds: number) => void };
};

export async function askInbox(opts: AskOptions): Promise<QuestionRequest> {
  const { principal } = opts;
  // Taken before creating, so a token over its wait limit (429) leaves nothing behind.
  const lease = opts.lease ?? waits.forToken(principal.tokenId, opts.signal);
  const scope = { teamId: principal.teamId, tokenId: principal.tokenId };
  const started = Date.now();
  const timer = opts.progress
    ? setInterval(() => opts.progress!.send(Math.round((Date.now() - started) / 1000)), opts.progress.everySeconds * 1000)
    : undefined;
  try {
    const body = CreateRequestSchema.parse(opts.mapped.body);
    let { request } = await createRequest({ principal, body, idempotencyKey: opts.idempotencyKey, mcpSessionId: opts.mcpSessionId });
    let reason = opts.reasons.deadline;
    while (request.status === "pending") {
      const left = opts.deadline - Date.now();
      if (lease.aborted) reason = opts.reasons.gone;
      if (left <= 0 || lease.aborted) break;
      try {
        request = await waitForRequest(scope, request.id, Math.min(left, STEP_MS), lease);
      } catch (e) {
        // Draining for a restart: nobody will be here to hand the decision over.
        if (!(e instanceof AppError && e.code === "unavailable")) throw e;
        reason = "the server restarted before anyone decided";
        break;
      }
    }
    return request.status === "pending" ? await withdraw(principal, request.id, reason) : request;
  } finally {
    clearInterval(timer);
    lease.release();
  }
}

/** Cancels a request still pending; if a decision won the race, that decision stands. */
async function withdraw(principal: Principal, id: string, reason: string): Promise<QuestionRequest> {
  const scope = { teamId: principal.teamId, tokenId: principal.tokenId };
  try {
    return await cancelRequest({ scope, id, reason, actor: actorLabel(principal) });
  } catch (e) {
    if (!(e instanceof AppError && e.code === "already_resolved")) throw e;
    const now = await getRequest(scope, id);
    if (!now) throw e;
    return now;
  }
}
