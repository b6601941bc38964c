// The verbs on a pending request: reply, reject, cancel (one or a whole session), expire.
// REST routes and the browser UI call these same functions.
import { db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { seal } from "../secrets/seal";
import { checkReply } from "./answers";
import { rejection } from "./messages";
import { stripBidiControls } from "../text/bidi";
import type { Scope } from "./read";
import type { QuestionRequest, ReplyBody } from "./schemas";
import { transition } from "./transitions";
import { voteOnApproval } from "../rules/quorum";

type ReplyOptions = { scope: Scope; id: string; reply: ReplyBody; actor: string; address?: string | null; expectVersion?: number };

// Thrown from prepare() when the request needs several approvers: found on the read transition makes anyway.
const NEEDS_VOTES = Symbol("needs votes");

export async function replyToRequest(opts: ReplyOptions): Promise<QuestionRequest> {
  try {
    return await answer(opts);
  } catch (e) {
    // Several approvers: each reply is one vote (lib/rules/quorum.ts).
    if (e === NEEDS_VOTES) return voteOnApproval(opts);
    throw e;
  }
}

function answer(opts: ReplyOptions): Promise<QuestionRequest> {
  const teamId = opts.scope.teamId;
  const client = db();
  // The reply is checked against the request transition() reads (one read, not two); without
  // If-Match a reply that loses a race to another change is 409, with it 412.
  return transition({
    scope: opts.scope,
    id: opts.id,
    to: "answered",
    resolvedBy: opts.actor,
    address: opts.address,
    expectVersion: opts.expectVersion,
    prepare: (current) => {
      if (current.approvals) throw NEEDS_VOTES;
      const checked = checkReply(current.questions, opts.reply);
      const now = new Date();
      const writes = checked.secrets.map((s) =>
        client.secretAnswer.create({
          data: {
            id: newId("sec"),
            requestId: opts.id,
            questionId: s.questionId,
            teamId,
            sealed: seal(s.value, { teamId, requestId: opts.id, questionId: s.questionId }),
            providedBy: opts.actor,
            createdAt: now,
          },
        }),
      );
      const secrets = checked.secrets.map((s) => ({ questionId: s.questionId, providedBy: opts.actor, createdAt: now, claimedAt: null, purgedAt: null }));
      return { response: { answers: checked.answers }, writes, secrets };
    },
  });
}

export function rejectRequest(opts: { scope: Scope; id: string; reason: string; actor: string; address?: string | null; expectVersion?: number }) {
  return transition({
    scope: opts.scope,
    id: opts.id,
    to: "rejected",
    response: { rejection: rejection("reviewer_rejected", opts.reason) },
    resolvedBy: opts.actor,
    address: opts.address,
    expectVersion: opts.expectVersion,
  });
}

export function cancelRequest(opts: { scope: Scope; id: string; reason?: string; actor: string; address?: string | null }) {
  return transition({
    scope: opts.scope,
    id: opts.id,
    to: "cancelled",
    response: { rejection: rejection("cancelled", opts.reason) },
    resolvedBy: opts.actor,
    address: opts.address,
  });
}

/** An agent session's pending requests, or an MCP transport session's (its DELETE). */
type SessionRef = { sessionId: string } | { mcpSessionId: string };

export async function cancelSession(opts: { scope: Scope; actor: string; address?: string | null } & SessionRef): Promise<number> {
  // Requests made before mcpSessionId existed carry the transport id as their sessionId.
  const session = "sessionId" in opts ? { sessionId: opts.sessionId } : { OR: [{ mcpSessionId: opts.mcpSessionId }, { sessionId: opts.mcpSessionId }] };
  const pending = await db().questionRequest.findMany({
    where: { teamId: opts.scope.teamId, ...session, status: "pending", ...(opts.scope.tokenId ? { tokenId: opts.scope.tokenId } : {}) },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  let cancelled = 0;
  for (const { id } of pending) {
    try {
      await cancelRequest({ scope: opts.scope, id, reason: "the agent session was interrupted", actor: opts.actor, address: opts.address });
      cancelled++;
    } catch (e) {
      if (!(e instanceof AppError && e.code === "already_resolved")) throw e;
    }
  }
  return cancelled;
}

/** Expires one request if it is still pending and due; false when someone else got there first. */
export async function expireRequest(id: string, teamId: string, now = new Date()): Promise<boolean> {
  // The team's expiry message (Settings) replaces the default sentence; the outcome stays a rejection.
  const team = await db().team.findUnique({ where: { id: teamId }, select: { expiryMessage: true } });
  const { code, message } = rejection("expired");
  try {
    await transition({
      scope: { teamId },
      id,
      to: "expired",
      response: { rejection: { code, message: team?.expiryMessage ? stripBidiControls(team.expiryMessage) : message } },
      resolvedBy: "system",
      requireExpiredBy: now,
    });
    return true;
  } catch (e) {
    if (e instanceof AppError && (e.code === "already_resolved" || e.code === "not_found")) return false;
    throw e;
  }
}
