// A rule as people read it where it decided something (history, the request page, exports): its
// name and where Settings → Rules shows it, instead of the raw `rule:<id>` stored in resolvedBy.
import { db } from "../db/client";

export const RULE_ACTOR = "rule:";

export type RuleRef = { id: string; name: string; href: string | null };

type Named = { kind: string; effect: string; tool: string | null; pattern: string | null; summary: string | null; requiredApprovals: number | null };

/** "Approve Bash npm test*", "Require 2 approvals: Bash deploy*", "Answer: Database: Which database?". */
export function ruleName(r: Named): string {
  if (r.kind !== "approval") return `Answer: ${r.summary ?? "a recurring question"}`;
  const what = `${r.tool ?? ""} ${r.pattern ?? ""}`.trim();
  if (r.effect === "require_approvals") return `Require ${r.requiredApprovals ?? 2} approvals: ${what}`;
  return `${r.effect === "deny" ? "Deny" : "Approve"} ${what}`;
}

export const ruleIdOf = (resolvedBy: string | null | undefined): string | null =>
  resolvedBy?.startsWith(RULE_ACTOR) ? resolvedBy.slice(RULE_ACTOR.length) : null;

/** The rules behind these resolvers (two small reads); a deleted rule is named so, without a link. */
export async function ruleRefs(resolvers: Iterable<string | null | undefined>): Promise<Map<string, RuleRef>> {
  const ids = [...new Set([...resolvers].map(ruleIdOf).filter((id): id is string => id !== null))];
  const out = new Map<string, RuleRef>();
  if (!ids.length) return out;
  const rules = await db().rule.findMany({ where: { id: { in: ids } } });
  const teams = await db().team.findMany({ where: { id: { in: [...new Set(rules.map((r) => r.teamId))] } }, select: { id: true, slug: true } });
  const slug = new Map(teams.map((t) => [t.id, t.slug]));
  for (const id of ids) out.set(`${RULE_ACTOR}${id}`, { id, name: `a deleted rule (${id})`, href: null });
  for (const r of rules) {
    out.set(`${RULE_ACTOR}${r.id}`, { id: r.id, name: ruleName(r), href: `/settings/rules?team=${encodeURIComponent(slug.get(r.teamId) ?? "")}#rule-${r.id}` });
  }
  return out;
}
