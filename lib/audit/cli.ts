// `npm run admin -- audit verify [--team <slug>]`: checks every team's chain (or one), prints a
// line per team, and fails (exit 3, scripts/admin.ts) naming the first bad entry.
import { db } from "../db/client";
import { AdminError } from "../admin/commands";
import { verifyTeam } from "./verify";

type CliCommand = {
  args: string[];
  options: Record<string, { type: "string" }>;
  run: (args: string[], values: Record<string, string | undefined>) => Promise<string[]>;
};

/** The chain of a team does not verify: the message names the team and the entry. */
export class AuditBroken extends Error {}

export const AUDIT_USAGE = `  audit verify [--team <slug>]`;

export const AUDIT_COMMANDS: Record<string, CliCommand> = {
  "audit verify": {
    args: [],
    options: { team: { type: "string" } },
    async run(_, v) {
      const teams = await db().team.findMany({ where: v.team ? { slug: v.team } : {}, select: { id: true, slug: true }, orderBy: { slug: "asc" } });
      if (v.team && !teams.length) throw new AdminError(`unknown team "${v.team}"`);
      const lines: string[] = [];
      for (const t of teams) {
        const r = await verifyTeam(t.id);
        if (!r.ok) {
          throw new AuditBroken(`team ${t.slug}: entry #${r.seq} (${r.id}) ${r.problem}; ${r.entries} entr${r.entries === 1 ? "y" : "ies"} before it verified`);
        }
        lines.push(`team ${t.slug}: ${r.entries} entr${r.entries === 1 ? "y" : "ies"}, chain intact`);
      }
      return lines;
    },
  },
};
