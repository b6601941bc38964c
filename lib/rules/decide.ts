// Rules at create (docs/rules.md "Precedence"): what the team's rules make of a new request —
// approved, denied, answered, a number of approvers needed, or nothing. Pure: the rules are read
// (and cached) by lib/rules/store.ts.
import type { Answer, Question, Rejection } from "../questions/schemas";
import { requestFingerprint } from "../questions/fingerprint";
import { actionMatches, cwdMatches } from "./match";
import type { RuleRecord } from "./types";

export type RequestFacts = { agentName: string; sessionId: string | null; cwd: string | null; questions: Question[]; requiredApprovals: number };

export type Verdict =
  | { kind: "answered"; ruleIds: string[]; answers: Record<string, Answer> }
  | { kind: "rejected"; ruleIds: string[]; rejection: Rejection }
  | { kind: "pending"; ruleIds: string[]; requiredApprovals: number };

/** The working directory a request carries: `agent.cwd`, else an approval input's `cwd`. */
export function cwdOf(agentCwd: string | null | undefined, questions: Question[]): string | null {
  if (agentCwd) return agentCwd;
  for (const q of questions) {
    const input = q.action?.input as { cwd?: unknown } | undefined;
    if (input && typeof input === "object" && typeof input.cwd === "string") return input.cwd;
  }
  return null;
}

/** Narrowing common to every rule: not paused, not expired, agent, session, working directory. */
export function applies(rule: RuleRecord, r: RequestFacts, now: Date): boolean {
  if (rule.pausedAt || (rule.expiresAt && rule.expiresAt <= now)) return false;
  if (rule.agentName && rule.agentName !== r.agentName) return false;
  if (rule.sessionId && rule.sessionId !== r.sessionId) return false;
  if (rule.cwdPrefix && !cwdMatches(rule.cwdPrefix, r.cwd)) return false;
  return true;
}

const newestFirst = (a: RuleRecord, b: RuleRecord) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

export function decide(rules: RuleRecord[], r: RequestFacts, now = new Date()): Verdict | null {
  // A rule never answers (nor denies) a request that asks for a secret: a secret needs a person.
  if (r.questions.some((q) => q.secret)) return null;
  const live = rules.filter((rule) => applies(rule, r, now)).sort(newestFirst);
  const approvals = r.questions.filter((q) => q.kind === "approval" && q.action);
  if (approvals.length) return decideApprovals(live, r, approvals);
  const fingerprint = requestFingerprint(r.questions);
  const rule = live.find((x) => x.kind === "question" && x.effect === "answer" && x.fingerprint === fingerprint);
  if (!rule?.answers) return null;
  const stored = JSON.parse(rule.answers) as Answer[];
  if (stored.length !== r.questions.length) return null;
  return { kind: "answered", ruleIds: [rule.id], answers: Object.fromEntries(r.questions.map((q, i) => [q.id, stored[i]!])) };
}

function decideApprovals(live: RuleRecord[], r: RequestFacts, approvals: Question[]): Verdict | null {
  const matching = (effect: RuleRecord["effect"], q: Question) =>
    live.find((x) => x.kind === "approval" && x.effect === effect && x.tool && x.pattern !== null && actionMatches({ tool: x.tool, pattern: x.pattern, effect: effect === "deny" ? "deny" : "approve" }, q.action!));
  // 1. Deny beats everything.
  for (const q of approvals) {
    const deny = matching("deny", q);
    if (deny) {
      return {
        kind: "rejected",
        ruleIds: [deny.id],
        rejection: { code: "policy_denied", message: `A team rule denies this action (${q.action!.tool}). Do not run it; choose another way or ask the team to change the rule.` },
      };
    }
  }
  // 2. A rule asking for more approvers raises the number (never lowers what the agent asked).
  const quorum = approvals.map((q) => matching("require_approvals", q)).filter((x): x is RuleRecord => !!x);
  const required = Math.max(r.requiredApprovals, ...quorum.map((x) => x.requiredApprovals ?? 1));
  if (required > 1) return { kind: "pending", ruleIds: quorum.map((x) => x.id), requiredApprovals: required };
  // 3. Approve only when every question is an approval and each has an allow rule.
  if (approvals.length !== r.questions.length) return null;
  const allows = approvals.map((q) => matching("approve", q));
  if (allows.some((x) => !x)) return null;
  const answers = Object.fromEntries(
    approvals.map((q, i): [string, Answer] => [q.id, { selected: [], custom: null, text: null, note: `Approved by team rule ${allows[i]!.id}.`, decision: "approve" }]),
  );
  return { kind: "answered", ruleIds: [...new Set(allows.map((x) => x!.id))], answers };
}
