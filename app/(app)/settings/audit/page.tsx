import Link from "next/link";
import { AuditLog } from "@/components/settings/audit-log";
import { TeamTabs } from "@/components/settings/team-tabs";
import { Alert } from "@/components/ui";
import { atLeast } from "@openoxide/questions-core/auth/roles";
import { requireUser } from "@openoxide/questions-core/auth/session";
import { listAudit } from "@openoxide/questions-core/audit/list";

export const metadata = { title: "Audit · Settings · OpenOxide Questions" };

type Props = { searchParams: Promise<{ team?: string }> };

// Settings → Audit: the team's audit trail for its leads and admins (paged, newest first; CSV export).
export default async function AuditPage({ searchParams }: Props) {
  const user = await requireUser();
  const { team } = await searchParams;
  const teams = user.memberships.filter((m) => atLeast(m.role, "lead"));
  const current = teams.find((m) => m.teamSlug === team) ?? teams[0];
  const first = current ? await listAudit(current.teamId) : null;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href="/settings" className="text-xs font-medium text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
            ← Settings
          </Link>
          <h1 className="text-xl font-semibold">Audit trail</h1>
          {current ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              Team <span className="font-medium text-zinc-700 dark:text-zinc-300">{current.teamName}</span> ({current.teamSlug}): every decision and
              settings change, who made it, when and from where. Hash-chained: <code className="font-mono text-xs">npm run admin -- audit verify</code> checks it.
            </p>
          ) : null}
        </div>
        {current ? <TeamTabs teams={teams} current={current.teamId} base="/settings/audit" /> : null}
      </div>
      {current && first ? (
        <AuditLog key={current.teamId} teamId={current.teamId} first={first} />
      ) : (
        <Alert tone="info">The audit trail of a team is for its leads and admins.</Alert>
      )}
    </div>
  );
}
