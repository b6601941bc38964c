// Team rules: create (from the inbox, the settings page, the API or the CLI), list, edit, pause,
// delete, and the cached list the create path reads. A change is seen by every instance at once
// (lib/cache/invalidate.ts); expiry is checked at decision time, so it needs no change at all.
import { invalidate } from "../cache/invalidate";
import { memo } from "../cache/memo";
import { db } from "../db/client";
import { AppError, validationError, type FieldError } from "../errors";
import { newId } from "../ids";
import { audited, auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { requestFingerprint } from "../questions/fingerprint";
import { toView } from "../questions/view";
import type { Answer } from "../questions/schemas";
import { isSimpleCommand, toolKind } from "./match";
import type { CreateRuleInput, UpdateRuleInput } from "./schemas";
import { ruleView, type RuleRecord, type RuleView } from "./types";

const tag = (teamId: string) => `rules:${teamId}`;

/** What the audit trail keeps of a rule or a rule change: its fields, dates as ISO text. */
function ruleDetails(data: object): Record<string, unknown> {
  const { teamId: _, ...rest } = data as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}
const TTL_MS = 60_000;

/** The team's live (not paused) rules, cached per process until a change invalidates them. */
export function liveRules(teamId: string): Promise<RuleRecord[]> {
  return memo.load(tag(teamId), TTL_MS, async () => ({
    value: (await db().rule.findMany({ where: { teamId, pausedAt: null } })) as RuleRecord[],
    tags: [tag(teamId)],
  }));
}

/** Counts a rule's decision. After the request committed; a lost count is not worth a failed create. */
export async function recordHits(ruleIds: string[], at: Date): Promise<void> {
  if (!ruleIds.length) return;
  await db().rule.updateMany({ where: { id: { in: ruleIds } }, data: { hits: { increment: 1 }, lastUsedAt: at } }).catch(() => undefined);
}

export async function listRules(teamId: string): Promise<RuleView[]> {
  const rows = (await db().rule.findMany({ where: { teamId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] })) as RuleRecord[];
  return rows.map(ruleView);
}

/** The match pattern's own checks; `at` is the field path to report. */
function checkMatch(tool: string, match: string, decision: string, at = "match"): FieldError[] {
  const kind = toolKind(tool);
  if (kind === "shell" && decision === "approve" && !isSimpleCommand(match)) {
    return [{ path: at, message: "an allow rule for a shell tool matches simple commands only: no ; & | ` $ < > ( ) { } ! \\ or newlines" }];
  }
  if (kind === "other" && match !== "*") {
    try {
      JSON.parse(match);
    } catch {
      return [{ path: at, message: `for the tool "${tool}" the match is * or the exact arguments as JSON` }];
    }
  }
  return [];
}

function futureDate(value: string | null | undefined, errors: FieldError[]): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const d = new Date(value);
  if (!(d.getTime() > Date.now())) errors.push({ path: "expiresAt", message: "must be in the future" });
  return d;
}

/** What an answer rule repeats: the answers of a request a person answered, in question order. */
async function fromAnswered(teamId: string, requestId: string): Promise<{ fingerprint: string; answers: Answer[]; summary: string; sessionId: string | null }> {
  const row = await db().questionRequest.findFirst({ where: { id: requestId, teamId }, include: { secrets: { select: { questionId: true } } } });
  if (!row) throw new AppError("not_found", `No request ${requestId}.`);
  const view = toView(row);
  const bad = (message: string) => validationError([{ path: "fromRequest", message }]);
  if (view.status !== "answered" || !view.response || !("answers" in view.response)) throw bad("the request is not answered");
  if (view.questions.some((q) => q.secret) || row.secrets.length) throw bad("a rule never answers a secret question");
  if (view.questions.some((q) => q.kind === "approval")) throw bad("approvals take approve/deny rules with a tool and a match");
  const answers = view.questions.map((q) => (view.response as { answers: Record<string, Answer> }).answers[q.id]);
  if (answers.some((a) => !a || a.skipped)) throw bad("every question must have been answered");
  const first = view.questions[0]!;
  return { fingerprint: requestFingerprint(view.questions), answers: answers as Answer[], summary: `${first.header}: ${first.prompt}`.slice(0, 300), sessionId: view.agent.sessionId };
}

export async function createRule(teamId: string, input: CreateRuleInput, who: AuditWho): Promise<RuleView> {
  const actor = who.actor;
  const errors: FieldError[] = [];
  const expiresAt = futureDate(input.expiresAt, errors);
  const base = {
    id: newId("rul"),
    teamId,
    agentName: input.agent ?? null,
    cwdPrefix: input.cwd ?? null,
    sessionId: input.sessionId ?? null,
    expiresAt: expiresAt ?? null,
    createdBy: actor,
  };
  let data: Parameters<ReturnType<typeof db>["rule"]["create"]>[0]["data"];
  if (input.decision === "answer") {
    if (!input.fromRequest) errors.push({ path: "fromRequest", message: "required for an answer rule" });
    for (const f of ["tool", "match", "requiredApprovals"] as const) if (input[f] !== undefined) errors.push({ path: f, message: "answer rules match by the question, not by a tool" });
    if (errors.length) throw validationError(errors);
    const from = await fromAnswered(teamId, input.fromRequest!);
    data = { ...base, kind: "question", effect: "answer", fingerprint: from.fingerprint, answers: JSON.stringify(from.answers), summary: from.summary };
  } else {
    if (!input.tool) errors.push({ path: "tool", message: "required for an approval rule" });
    if (!input.match) errors.push({ path: "match", message: "required for an approval rule" });
    if (input.fromRequest !== undefined) errors.push({ path: "fromRequest", message: "only answer rules are made from a request's answers" });
    if (input.decision === "require_approvals" && !input.requiredApprovals) errors.push({ path: "requiredApprovals", message: "required: how many people must approve" });
    if (input.decision !== "require_approvals" && input.requiredApprovals !== undefined) errors.push({ path: "requiredApprovals", message: "only require_approvals rules take it" });
    if (input.tool && input.match) errors.push(...checkMatch(input.tool, input.match, input.decision));
    if (errors.length) throw validationError(errors);
    data = {
      ...base,
      kind: "approval",
      effect: input.decision,
      tool: input.tool!,
      pattern: input.match!,
      requiredApprovals: input.requiredApprovals ?? null,
      summary: `${input.tool} ${input.match}`.slice(0, 300),
    };
  }
  if (errors.length) throw validationError(errors);
  const [created] = await db().$transaction([
    db().rule.create({ data }),
    ...auditWrites(db(), { ...who, teamId, action: "rule.created", target: data.id, details: ruleDetails(data) }),
  ]);
  await invalidate([tag(teamId)]);
  return ruleView(created as RuleRecord);
}

export async function getRule(teamId: string, id: string): Promise<RuleRecord> {
  const row = (await db().rule.findFirst({ where: { id, teamId } })) as RuleRecord | null;
  if (!row) throw new AppError("not_found", `No rule ${id}.`);
  return row;
}

export async function updateRule(teamId: string, id: string, input: UpdateRuleInput, who: AuditWho): Promise<RuleView> {
  const current = await getRule(teamId, id);
  const errors: FieldError[] = [];
  if (input.match !== undefined) {
    if (current.kind !== "approval" || !current.tool) errors.push({ path: "match", message: "answer rules have no match to edit" });
    else errors.push(...checkMatch(current.tool, input.match, current.effect));
  }
  if (input.requiredApprovals !== undefined && current.effect !== "require_approvals") errors.push({ path: "requiredApprovals", message: "only require_approvals rules take it" });
  const expiresAt = futureDate(input.expiresAt, errors);
  if (errors.length) throw validationError(errors);
  const now = new Date();
  const data = {
    ...(input.match !== undefined ? { pattern: input.match, summary: `${current.tool} ${input.match}`.slice(0, 300) } : {}),
    ...(input.requiredApprovals !== undefined ? { requiredApprovals: input.requiredApprovals } : {}),
    ...(input.agent !== undefined ? { agentName: input.agent } : {}),
    ...(input.cwd !== undefined ? { cwdPrefix: input.cwd } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    ...(input.paused !== undefined ? { pausedAt: input.paused ? (current.pausedAt ?? now) : null } : {}),
    updatedAt: now,
  };
  const { updatedAt: _, ...changed } = data;
  const { count } = await audited(
    (tx) => tx.rule.updateMany({ where: { id, teamId }, data }),
    (r) => (r.count ? { ...who, teamId, action: "rule.updated", target: id, details: ruleDetails(changed) } : null),
  );
  if (!count) throw new AppError("not_found", `No rule ${id}.`);
  await invalidate([tag(teamId)]);
  return ruleView(await getRule(teamId, id));
}

export async function deleteRule(teamId: string, id: string, who: AuditWho): Promise<void> {
  const { count } = await audited(
    (tx) => tx.rule.deleteMany({ where: { id, teamId } }),
    (r) => (r.count ? { ...who, teamId, action: "rule.deleted", target: id } : null),
  );
  if (!count) throw new AppError("not_found", `No rule ${id}.`);
  await invalidate([tag(teamId)]);
}

/** The CLI's `rule delete <id>`: any team (the operator sees them all). */
export async function deleteRuleAnyTeam(id: string, who: AuditWho): Promise<RuleView> {
  const row = (await db().rule.findUnique({ where: { id } })) as RuleRecord | null;
  if (!row) throw new AppError("not_found", `No rule ${id}.`);
  await deleteRule(row.teamId, id, who);
  return ruleView(row);
}
