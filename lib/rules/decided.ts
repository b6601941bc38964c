// The inbox's "decided by rules" view: the newest requests a rule decided in the user's teams.
// Like the inbox, it shows how a request was decided, not the answers (history has those).
import { db } from "../db/client";
import { toView } from "../questions/view";
import { ruleRefs, type RuleRef } from "./names";

export type RuleDecided = { id: string; title: string; agent: string; status: string; decision: string; ruleId: string; rule: RuleRef | null; resolvedAt: string; team: string };

export async function listRuleDecided(teamIds: string[], limit = 100): Promise<RuleDecided[]> {
  const rows = await db().questionRequest.findMany({
    where: { teamId: { in: teamIds }, resolvedBy: { startsWith: "rule:" } },
    orderBy: [{ resolvedAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { team: { select: { name: true } } },
  });
  const rules = await ruleRefs(rows.map((r) => r.resolvedBy));
  return rows.map((r) => {
    const v = toView(r);
    const q = v.questions[0]!;
    const decision = v.status === "rejected" ? "denied" : q.kind === "approval" ? "approved" : "answered";
    const what = q.action ? `${q.action.tool}: ${q.header}` : q.header;
    return { id: v.id, title: v.title || what, agent: v.agent.name, status: v.status, decision, ruleId: (v.resolvedBy ?? "").slice(5), rule: rules.get(v.resolvedBy ?? "") ?? null, resolvedAt: v.resolvedAt!, team: r.team.name };
  });
}
