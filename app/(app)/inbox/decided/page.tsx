// /inbox/decided — requests team rules decided at once (no human asked): newest first.
import type { Metadata } from "next";
import Link from "next/link";
import { ResolvedBy } from "@/components/history/resolved-by";
import { Badge, Card, CardBody, CardHeader, statusTone } from "@/components/ui";
import { requirePageRole } from "@/app/page-role";
import { listRuleDecided } from "@openoxide/questions-core/rules/decided";

export const metadata: Metadata = { title: "Decided by rules · Inbox · OpenOxide Questions" };

export default async function DecidedByRulesPage() {
  const { user, teamIds } = await requirePageRole("reviewer");
  const rows = await listRuleDecided(teamIds);
  const manages = user.memberships.some((m) => m.role !== "reviewer");
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href="/inbox" className="text-zinc-500 hover:underline dark:text-zinc-400">
          Inbox
        </Link>{" "}
        / Decided by rules
      </p>
      <Card aria-labelledby="decided-title">
        <CardHeader
          id="decided-title"
          title="Decided by rules"
          description={manages ? <>Requests a team rule decided without asking anyone. Manage rules in <Link className="underline" href="/settings/rules">Settings → Rules</Link>.</> : "Requests a team rule decided without asking anyone."}
        />
        <CardBody>
          {rows.length === 0 ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No request has been decided by a rule yet.</p>
          ) : (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {rows.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" aria-label={`Decided: ${r.title}`}>
                  <Badge tone={statusTone(r.status)}>{r.decision}</Badge>
                  <Link href={`/history/${r.id}`} className="font-medium hover:underline">
                    {r.title}
                  </Link>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {r.agent} · {r.team} · {manages ? <ResolvedBy resolvedBy={`rule:${r.ruleId}`} rule={r.rule} /> : <>rule {r.rule?.name ?? r.ruleId}</>} · <time dateTime={r.resolvedAt}>{new Date(r.resolvedAt).toLocaleString()}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
