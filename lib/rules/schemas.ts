// Request bodies of the rules routes (browser API) and the CLI, one zod schema each.
import { z } from "zod";

const text = (max: number) => z.string().trim().min(1).max(max);
const expiresAt = z.iso.datetime({ offset: true }).nullable().optional().meta({ description: "When the rule stops deciding; null or omitted: never." });

export const CreateRuleBody = z
  .object({
    decision: z.enum(["approve", "deny", "require_approvals", "answer"]),
    tool: text(100).optional().meta({ description: "approval rules: the tool name (e.g. Bash, shell, edit)." }),
    match: text(1000).optional().meta({ description: "approval rules: a command prefix/glob (shell tools), a path glob (edit tools), exact JSON arguments or * (other tools)." }),
    fromRequest: text(100).optional().meta({ description: "answer rules: the answered request whose answers the rule repeats." }),
    requiredApprovals: z.number().int().min(2).max(10).optional(),
    agent: text(100).nullable().optional(),
    cwd: text(1000).nullable().optional(),
    sessionId: text(200).nullable().optional().meta({ description: "Only requests of this agent session; null or omitted: the whole team." }),
    expiresAt,
  })
  .strict();
export type CreateRuleInput = z.output<typeof CreateRuleBody>;

export const UpdateRuleBody = z
  .object({
    match: text(1000).optional(),
    requiredApprovals: z.number().int().min(2).max(10).optional(),
    agent: text(100).nullable().optional(),
    cwd: text(1000).nullable().optional(),
    expiresAt,
    paused: z.boolean().optional(),
  })
  .strict();
export type UpdateRuleInput = z.output<typeof UpdateRuleBody>;

/** `30m`, `12h`, `7d`, `2w` → milliseconds; null when it does not parse. */
export function parseDuration(s: string): number | null {
  const m = /^(\d{1,6})\s*(m|h|d|w)$/.exec(s.trim());
  if (!m) return null;
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2] as "m" | "h" | "d" | "w"];
  const ms = Number(m[1]) * unit;
  return ms > 0 ? ms : null;
}
