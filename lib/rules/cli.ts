// `npm run admin -- rule create|list|delete` (docs/rules.md). Plugged into scripts/admin.ts as a
// table of commands, like the webhook commands.
import { AdminError, CLI, teamIdBySlug as teamId, type CliCommand } from "../admin/commands";
import { AppError, fieldErrors } from "../errors";
import { CreateRuleBody, parseDuration } from "./schemas";
import { createRule, deleteRuleAnyTeam, listRules } from "./store";
import type { RuleView } from "./types";

export const RULE_USAGE = `  rule create --team <slug> --tool <name> --match <pattern> --decision approve|deny [--agent <name>] [--cwd <prefix>] [--expires <duration: 30m, 12h, 7d, 2w>]
  rule list --team <slug>
  rule delete <rule-id>`;

/** Domain input errors (4xx) become one CLI line naming the option. */
async function cli<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && e.status < 500) {
      const fields = e.errors?.map((f) => `--${f.path}: ${f.message}`).join("; ");
      throw new AdminError(`${what}: ${fields || e.detail || e.message}`);
    }
    throw e;
  }
}

export function ruleLine(r: RuleView): string {
  const scope = [r.agent && `agent=${r.agent}`, r.cwd && `cwd=${r.cwd}`, r.sessionId && `session=${r.sessionId}`, r.expiresAt && `expires=${r.expiresAt}`].filter(Boolean).join(" ");
  const what = r.kind === "approval" ? `${r.tool} ${JSON.stringify(r.match)}` : `question ${r.fingerprint}`;
  const decision = r.decision === "require_approvals" ? `require ${r.requiredApprovals} approvals` : r.decision;
  return `${r.id}  ${decision}  ${what}  ${scope || "team-wide"}  ${r.paused ? "paused" : "active"}  hits=${r.hits}  last=${r.lastUsedAt ?? "never"}`;
}

export const RULE_COMMANDS: Record<string, CliCommand> = {
  "rule create": {
    args: [],
    options: { team: { type: "string" }, tool: { type: "string" }, match: { type: "string" }, decision: { type: "string" }, agent: { type: "string" }, cwd: { type: "string" }, expires: { type: "string" } },
    required: ["team", "tool", "match", "decision"],
    async run(_, v) {
      if (v.decision !== "approve" && v.decision !== "deny") throw new AdminError("rule create: --decision must be approve or deny");
      let expiresAt: string | undefined;
      if (v.expires !== undefined) {
        const ms = parseDuration(v.expires);
        if (ms === null) throw new AdminError("rule create: --expires must be a duration such as 30m, 12h, 7d or 2w");
        expiresAt = new Date(Date.now() + ms).toISOString();
      }
      const parsed = CreateRuleBody.safeParse({ decision: v.decision, tool: v.tool, match: v.match, agent: v.agent, cwd: v.cwd, expiresAt });
      if (!parsed.success) throw new AdminError(`rule create: ${fieldErrors(parsed.error).map((e) => `--${e.path}: ${e.message}`).join("; ")}`);
      const team = await teamId(v.team!);
      const rule = await cli("rule create", () => createRule(team, parsed.data, CLI));
      return [`Created rule ${rule.id} for team ${v.team}: ${ruleLine(rule)}`];
    },
  },
  "rule list": {
    args: [],
    options: { team: { type: "string" } },
    required: ["team"],
    async run(_, v) {
      const rules = await listRules(await teamId(v.team!));
      return rules.length ? rules.map(ruleLine) : ["No rules."];
    },
  },
  "rule delete": {
    args: ["rule-id"],
    options: {},
    async run([id]) {
      const rule = await cli("rule delete", () => deleteRuleAnyTeam(id!, CLI));
      return [`Deleted rule ${rule.id} (${rule.summary ?? rule.decision}).`];
    },
  },
};
