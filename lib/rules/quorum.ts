// Two-person (N-person) approval (docs/rules.md): each approving reply is one vote, recorded with
// who and when; the N-th distinct person's approval resolves the request, the first Deny does at
// once. An intermediate vote is the same conditional write as a transition (status pending,
// version unchanged) with a non-terminal `request.updated` event: the live inbox shows
// "1 of 2 approvals", and waiters, which wake only for a terminal state, keep waiting.
import { db, isNotFound } from "../db/client";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { checkReply } from "../questions/answers";
import type { Scope } from "../questions/read";
import type { QuestionRequest, ReplyBody } from "../questions/schemas";
import { changeRequest } from "../questions/request-writes";
import { transition } from "../questions/transitions";
import { requestEvent } from "../events/event-writes";
import { toView, type Approvals } from "../questions/view";
import { auditInsert } from "../audit/append";
import { prepareEntry, type AuditWho } from "../audit/entry";

const ATTEMPTS = 8;

export function parseApprovals(text: string | null): Approvals | null {
  return text ? (JSON.parse(text) as Approvals) : null;
}

/** The reply of one person to a request that needs several approvers. */
export async function voteOnApproval(opts: { scope: Scope; id: string; reply: ReplyBody; actor: string; address?: string | null; expectVersion?: number }): Promise<QuestionRequest> {
  await hub.ready();
  const client = db();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await client.questionRequest.findFirst({
      where: { id: opts.id, teamId: opts.scope.teamId, ...(opts.scope.tokenId ? { tokenId: opts.scope.tokenId } : {}) },
    });
    if (!row) throw new AppError("not_found", `No request ${opts.id}.`);
    if (attempt === 0 && opts.expectVersion !== undefined && opts.expectVersion !== row.version) {
      throw new AppError("precondition_failed", `The request is at version ${row.version}, not ${opts.expectVersion}.`);
    }
    if (row.status !== "pending") throw new AppError("already_resolved", `The request is already ${row.status}.`);
    const state = parseApprovals(row.approvals)!;
    const view = toView(row);
    const checked = checkReply(view.questions, opts.reply);
    const decisions = view.questions.filter((q) => q.kind === "approval").map((q) => checked.answers[q.id]!);
    if (decisions.some((a) => a.editedInput !== undefined)) {
      throw new AppError("validation", "An approval that needs several approvers cannot be edited.", [{ path: "answers", message: "editedInput is not allowed when several people must approve" }]);
    }
    const approves = decisions.every((a) => a.decision === "approve" || a.decision === "approve_always");
    if (state.votes.some((v) => v.by === opts.actor)) {
      throw new AppError("conflict", `You have already approved this request; it needs ${state.required} different people.`);
    }
    const now = new Date();
    const votes = [...state.votes, { by: opts.actor, at: now.toISOString(), decision: approves ? ("approve" as const) : ("deny" as const) }];
    const approvals = JSON.stringify({ required: state.required, votes } satisfies Approvals);
    try {
      if (!approves || votes.length >= state.required) {
        // The deciding vote: an ordinary transition, with the votes written beside it.
        return await transition({
          scope: opts.scope,
          id: opts.id,
          to: "answered",
          resolvedBy: opts.actor,
          address: opts.address,
          expectVersion: row.version,
          prepare: () => ({ response: { answers: checked.answers }, approvals }),
        });
      }
      return await recordVote(row, approvals, now, { actor: opts.actor, address: opts.address });
    } catch (e) {
      // Someone else voted (or resolved it) since the read: read again and count again.
      const lost = isNotFound(e) || (e instanceof AppError && e.code === "precondition_failed");
      if (!lost) throw e;
    }
  }
  throw new AppError("conflict", "The request is changing too fast; try again.");
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["questionRequest"]["findFirst"]>>>;

async function recordVote(row: Row, approvals: string, now: Date, who: AuditWho): Promise<QuestionRequest> {
  const next = { ...row, approvals, version: row.version + 1 };
  const view = toView(next);
  await changeRequest({
    where: { id: row.id, status: "pending", version: row.version },
    data: { approvals, version: next.version },
    event: requestEvent(row, "request.updated", JSON.stringify(view), now),
    // The approval step in the audit trail (the event lock serialises the chain).
    audit: auditInsert(db(), prepareEntry({ ...who, teamId: row.teamId, action: "request.approval_vote", target: row.id, details: { approvals: view.approvals } }, now)),
  });
  return view;
}
