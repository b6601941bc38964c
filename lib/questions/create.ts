// Creating a request: validation by constructor, the no-deadlock rules (non-interactive and
// policy deny are recorded and rejected at once) and Idempotency-Key replay, in one transaction
// written by insertRequest (./request-writes.ts: the fast insert).
import { createHash } from "node:crypto";
import { env } from "../config/env";
import { db, isUniqueViolation } from "../db/client";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { requestEvent } from "../events/event-writes";
import { newId } from "../ids";
import type { Principal } from "../auth/principal";
import { buildQuestions } from "./constructors";
import { rejection } from "./messages";
import type { CreateRequestBody, QuestionRequest, Rejection } from "./schemas";
import { getRequest } from "./read";
import { insertRequest } from "./request-writes";
import { toView } from "./view";
import { expiry } from "./expiry";
import { stripBidiDeep } from "../text/bidi";
import { canonicalJson } from "../text/canonical-json";
import { resolutionSearchText, searchKey } from "./search-text";
import type { StoredResponse } from "./view";
import { checkCallbackUrl } from "../notify/callbacks";
import { outboxRows } from "../notify/outbox";
import { prepareEntry } from "../audit/entry";
import { checkRequiredApprovals, recordHits, rulesVerdict, verdictFields } from "../rules/apply";
import { requestFingerprint } from "./fingerprint";
import { answerDigest, requestKind } from "../insights/columns";


export type CreateResult = { request: QuestionRequest; replayed: boolean };

/** Canonical JSON (sorted keys), so the same body in another key order is the same body. */
export function bodyHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

export async function createRequest(opts: {
  principal: Principal;
  body: CreateRequestBody;
  idempotencyKey?: string;
  rawBody?: unknown;
  /** the MCP transport session creating it (its DELETE cancels it), apart from agent.sessionId */
  mcpSessionId?: string;
}): Promise<CreateResult> {
  const { principal, idempotencyKey } = opts;
  // Everything an agent wrote (title, context, headers, prompts, options, its name) passes here.
  const body = stripBidiDeep(opts.body);
  const questions = buildQuestions(body.source, body.questions);
  checkRequiredApprovals(body, questions);
  if (body.callbackUrl) checkCallbackUrl(body.callbackUrl);
  const hash = idempotencyKey ? bodyHash(opts.rawBody ?? body) : "";
  for (let attempt = 0; attempt < 3; attempt++) {
    if (idempotencyKey) {
      const replay = await findReplay(principal, idempotencyKey, hash);
      if (replay) return { request: replay, replayed: true };
    }
    try {
      return { request: await insert(principal, body, questions, idempotencyKey, hash, opts.mcpSessionId), replayed: false };
    } catch (e) {
      if (!idempotencyKey || !isUniqueViolation(e)) throw e;
      // Another create with the same key committed first: loop to replay it.
    }
  }
  throw new AppError("idempotency_in_flight", "A request with this Idempotency-Key is still being created; retry shortly.");
}

async function findReplay(principal: Principal, key: string, hash: string): Promise<QuestionRequest | null> {
  const record = await db().idempotencyRecord.findUnique({ where: { tokenId_key: { tokenId: principal.tokenId, key } } });
  if (!record) return null;
  if (record.expiresAt <= new Date()) {
    await db().idempotencyRecord.deleteMany({ where: { tokenId: principal.tokenId, key, expiresAt: { lte: new Date() } } });
    return null;
  }
  if (record.requestHash !== hash) {
    throw new AppError("idempotency_mismatch", "This Idempotency-Key was used with a different body.", [
      { path: "Idempotency-Key", message: "already used with a different body" },
    ]);
  }
  const request = await getRequest({ teamId: principal.teamId }, record.requestId);
  if (!request) throw new AppError("idempotency_in_flight", "The request for this Idempotency-Key is not readable yet.");
  return request;
}

/**
 * The request's own timeoutSeconds, else the team's default, else DEFAULT_EXPIRES_SECONDS (0 at
 * either level: no expiry). The source decides abandonment: only the agent's own expiry keeps a
 * request whose agent is gone (lib/questions/presence.ts).
 */
function expiryOf(principal: Principal, body: CreateRequestBody): { seconds: number; source: "agent" | "default" } | null {
  if (body.timeoutSeconds) return { seconds: body.timeoutSeconds, source: "agent" };
  const seconds = principal.defaultExpiresSeconds ?? env().DEFAULT_EXPIRES_SECONDS;
  return seconds > 0 ? { seconds, source: "default" } : null;
}

function immediateRejection(principal: Principal, body: CreateRequestBody): Rejection | null {
  if (body.mode === "non_interactive") return rejection("non_interactive");
  if (principal.policy === "deny") return rejection("policy_denied");
  return null;
}

async function insert(
  principal: Principal,
  body: CreateRequestBody,
  questions: ReturnType<typeof buildQuestions>,
  idempotencyKey: string | undefined,
  hash: string,
  mcpSessionId: string | undefined,
): Promise<QuestionRequest> {
  await hub.ready();
  const now = new Date();
  const rejected = immediateRejection(principal, body);
  // Team rules decide at create (lib/rules, docs/rules.md): after the no-deadlock rules above.
  const verdict = rejected ? null : await rulesVerdict(principal.teamId, body, questions);
  const ruled = verdictFields(verdict);
  const status = rejected ? "rejected" : ruled.status;
  const response = rejected ? JSON.stringify({ rejection: rejected }) : ruled.response;
  const lifetime = status === "pending" ? expiryOf(principal, body) : null;
  const searchText = [body.title, body.context, body.agent.name, ...questions.flatMap((q) => [q.header, q.prompt])]
    .filter(Boolean)
    .join("\n");
  const decided = ruled.response ? resolutionSearchText(JSON.parse(ruled.response) as StoredResponse) : "";
  const row = {
    id: newId("qr"),
    teamId: principal.teamId,
    tokenId: principal.tokenId,
    status,
    source: body.source,
    mode: body.mode,
    title: body.title || null,
    context: body.context ?? null,
    agentName: body.agent.name,
    sessionId: body.agent.sessionId ?? null,
    turnId: body.agent.turnId ?? null,
    toolCallId: body.agent.toolCallId ?? null,
    parentRequestId: body.agent.parentRequestId ?? null,
    callbackUrl: body.callbackUrl ?? null,
    cwd: body.agent.cwd ?? null,
    approvals: ruled.approvals,
    expirySource: lifetime?.source ?? null,
    mcpSessionId: mcpSessionId ?? null,
    questions: JSON.stringify(questions),
    response,
    searchText: searchKey(searchText) + (decided ? `\n${decided}` : ""),
    createdAt: now,
    expiresAt: lifetime ? new Date(now.getTime() + lifetime.seconds * 1000) : body.timeoutSeconds ? new Date(now.getTime() + body.timeoutSeconds * 1000) : null,
    resolvedAt: status !== "pending" ? now : null,
    resolvedBy: rejected ? "system" : ruled.resolvedBy,
    version: 1,
    escalatedAt: null,
    // Insights (lib/insights): what recurs, of which kind, and how long it waited.
    fingerprint: requestFingerprint(questions),
    kind: requestKind(questions),
    // A rule's answer gets its digest too, though recurring questions count people's answers only.
    answerDigest: status === "answered" && ruled.response ? answerDigest(questions, JSON.parse(ruled.response) as StoredResponse) : null,
    waitSeconds: status !== "pending" ? 0 : null,
  };
  const view = toView(row);
  const type = status === "pending" ? "request.created" : `request.${status}`;
  // Webhook, email and callback deliveries commit with the event (lib/notify/outbox.ts).
  const deliveries = await outboxRows(db(), { teamId: row.teamId, requestId: row.id, type, view, callbackUrl: row.callbackUrl, at: now });
  // A create that is a decision at once is recorded in the audit trail with it (others add nothing).
  const audit = row.status !== "pending"
    ? prepareEntry({ actor: row.resolvedBy ?? "system", teamId: row.teamId, action: type, target: row.id, details: { agent: view.agent.name, title: view.title, response: view.response } }, now)
    : undefined;
  await insertRequest({
    audit,
    request: row,
    event: requestEvent(row, type, JSON.stringify(view), now),
    deliveries,
    idempotency: idempotencyKey
      ? { tokenId: principal.tokenId, key: idempotencyKey, requestHash: hash, requestId: row.id, createdAt: now, expiresAt: new Date(now.getTime() + env().IDEMPOTENCY_TTL_HOURS * 3600_000) }
      : undefined,
  });
  if (verdict && verdict.ruleIds.length) await recordHits(verdict.ruleIds, now);
  if (status === "pending" && row.expiresAt) expiry.schedule(row.expiresAt);
  return view;
}
