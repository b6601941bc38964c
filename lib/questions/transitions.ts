// Every change of a pending request: one conditional update (status still pending, version
// unchanged) plus its event, in one transaction (./request-writes.ts). A lost race shows up as
// "record not found" and becomes 409 (or 412 when the caller named a version).
import { db, isNotFound } from "../db/client";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { requestEvent } from "../events/event-writes";
import type { QuestionRequest, Status } from "./schemas";
import { resolutionSearchText } from "./search-text";
import { toView, type SecretMeta, type StoredResponse } from "./view";
import type { Scope } from "./read";
import { outboxRows } from "../notify/outbox";
import { changeRequest, changeRequestFast } from "./request-writes";
import { countLater } from "../insights/pending";
import { readRequestFast } from "../db/fast-read";
import { createdRowOf, forgetCreated } from "./created-rows";
import { auditInsert } from "../audit/append";
import { prepareEntry, type AuditInput } from "../audit/entry";
import { answerDigest, waitSeconds } from "../insights/columns";

type Extra = ReturnType<ReturnType<typeof db>["secretAnswer"]["create"]>;

type ExtraWrites = { writes: Extra[]; secrets: SecretMeta[] };
/** What the transition writes: the stored response, and extra writes in the same transaction. */
type Change = { response: StoredResponse; writes?: Extra[]; secrets?: SecretMeta[]; /** the final votes (lib/rules/quorum.ts) */ approvals?: string };

export type TransitionOptions = {
  scope: Scope;
  id: string;
  to: Exclude<Status, "pending">;
  resolvedBy: string;
  /** If-Match: the version the caller saw */
  expectVersion?: number;
  /** expiry must not fire before expiresAt (a clock race between instances) */
  requireExpiredBy?: Date;
  /** the client's address, for the audit trail (none for the server's own changes) */
  address?: string | null;
} & (
  | { response: StoredResponse; extra?: ExtraWrites }
  /** built from the request as read here (pending, at the expected version): the caller need not read it first */
  | { prepare: (current: QuestionRequest) => Change }
);

export async function transition(opts: TransitionOptions): Promise<QuestionRequest> {
  await hub.ready();
  const { scope, id } = opts;
  const key = { id, teamId: scope.teamId, ...(scope.tokenId ? { tokenId: scope.tokenId } : {}) };
  // The row as this process created it (at the version the caller named, if any): the update's
  // conditions catch a change made meanwhile, and a lost update reads afresh (below).
  const kept = createdRowOf(key);
  const created = kept && (opts.expectVersion === undefined || opts.expectVersion === kept.version) ? kept : null;
  const row = created ?? (await readRequestFast(key));
  if (!row) throw new AppError("not_found", `No request ${id}.`);
  if (opts.expectVersion !== undefined && opts.expectVersion !== row.version) {
    throw new AppError("precondition_failed", `The request is at version ${row.version}, not ${opts.expectVersion}.`);
  }
  if (row.status !== "pending") throw alreadyResolved(row.status);
  const change: Change = "prepare" in opts ? opts.prepare(toView(row, row.secrets)) : { response: opts.response, ...opts.extra };
  const now = new Date();
  const next = {
    ...row,
    status: opts.to,
    response: JSON.stringify(change.response),
    resolvedAt: now,
    resolvedBy: opts.resolvedBy,
    version: row.version + 1,
    ...(change.approvals ? { approvals: change.approvals } : {}),
  };
  const view = toView(next, [...row.secrets, ...(change.secrets ?? [])]);
  const decided = resolutionSearchText(change.response);
  const client = db();
  // Webhook and callback deliveries commit with the event (lib/notify/outbox.ts).
  const deliveries = await outboxRows(client, { teamId: row.teamId, requestId: id, type: `request.${opts.to}`, view, callbackUrl: row.callbackUrl, at: now });
  const data = {
    status: next.status,
    response: next.response,
    resolvedAt: now,
    resolvedBy: next.resolvedBy,
    version: next.version,
    waitSeconds: waitSeconds(row.createdAt, now),
    answerDigest: opts.to === "answered" ? answerDigest(view.questions, change.response) : null,
    ...(change.approvals ? { approvals: change.approvals } : {}),
    ...(decided ? { searchText: `${row.searchText}\n${decided}` } : {}),
  };
  const event = requestEvent(row, `request.${opts.to}`, JSON.stringify(view), now);
  // The decision's audit entry (the event lock serialises the team's chain).
  const audit = prepareEntry(decisionEntry(row.teamId, opts, view), now);
  let won = true;
  if (change.writes?.length) {
    // Extra rows (secret answers) are Prisma writes: the batch transaction takes them.
    try {
      await changeRequest({
        where: { id, status: "pending", version: row.version, ...(opts.requireExpiredBy ? { expiresAt: { lte: opts.requireExpiredBy } } : {}), ...(created ? { escalatedAt: null } : {}) },
        data,
        event,
        writes: change.writes,
        deliveries,
        audit: auditInsert(client, audit),
      });
    } catch (e) {
      if (!isNotFound(e)) throw e;
      won = false;
    }
  } else {
    won = (await changeRequestFast({ id, version: row.version, expiredBy: opts.requireExpiredBy, notEscalated: created !== null, data, event, deliveries, audit })) !== null;
    if (won) countLater(id);
  }
  if (!won && created) {
    // Changed since it was created (here or on another instance): again, from the database.
    forgetCreated(id);
    return transition(opts);
  }
  if (!won) {
    if (opts.expectVersion !== undefined) throw new AppError("precondition_failed", "The request changed since you read it.");
    const current = await client.questionRequest.findUnique({ where: { id }, select: { status: true } });
    throw alreadyResolved(current?.status ?? "changed");
  }
  return view;
}

/** What the trail keeps of a decision: who, from where, and the outcome (never a secret value: the view has none). */
function decisionEntry(teamId: string, opts: TransitionOptions, view: QuestionRequest): AuditInput {
  return {
    teamId,
    actor: opts.resolvedBy,
    address: opts.address,
    action: `request.${opts.to}`,
    target: opts.id,
    details: { agent: view.agent.name, title: view.title, response: view.response, ...(view.approvals ? { approvals: view.approvals } : {}) },
  };
}

function alreadyResolved(status: string): AppError {
  return new AppError("already_resolved", `The request is already ${status}.`);
}
