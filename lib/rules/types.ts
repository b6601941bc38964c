// A team rule as stored (prisma/models.prisma `Rule`), and its public view.
export const RULE_DECISIONS = ["approve", "deny", "require_approvals", "answer"] as const;
export type RuleDecision = (typeof RULE_DECISIONS)[number];

export type RuleRecord = {
  id: string;
  teamId: string;
  kind: string; // approval | question
  effect: string; // RuleDecision
  tool: string | null;
  pattern: string | null;
  fingerprint: string | null;
  answers: string | null;
  summary: string | null;
  requiredApprovals: number | null;
  agentName: string | null;
  cwdPrefix: string | null;
  sessionId: string | null;
  expiresAt: Date | null;
  pausedAt: Date | null;
  hits: number;
  lastUsedAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
};

export type RuleView = {
  id: string;
  kind: "approval" | "question";
  decision: RuleDecision;
  tool: string | null;
  match: string | null;
  fingerprint: string | null;
  summary: string | null;
  requiredApprovals: number | null;
  agent: string | null;
  cwd: string | null;
  sessionId: string | null;
  expiresAt: string | null;
  paused: boolean;
  hits: number;
  lastUsedAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function ruleView(r: RuleRecord): RuleView {
  return {
    id: r.id,
    kind: r.kind as RuleView["kind"],
    decision: r.effect as RuleDecision,
    tool: r.tool,
    match: r.pattern,
    fingerprint: r.fingerprint,
    summary: r.summary,
    requiredApprovals: r.requiredApprovals,
    agent: r.agentName,
    cwd: r.cwdPrefix,
    sessionId: r.sessionId,
    expiresAt: iso(r.expiresAt),
    paused: r.pausedAt !== null,
    hits: r.hits,
    lastUsedAt: iso(r.lastUsedAt),
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
