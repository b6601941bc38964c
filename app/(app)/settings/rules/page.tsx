// Settings → Rules (leads and admins): the team's rules with hit counts and last use; create,
// edit, pause, delete (docs/rules.md). `?fingerprint=…[&from=<request id>]` (insights' "make this a
// rule") opens the answer rule form prefilled with that recurring question and its answer.
import Link from "next/link";
import { AnswerRuleForm } from "@/components/rules/answer-rule-form";
import { RulesCard } from "@/components/rules/rules-card";
import { Alert, cn } from "@/components/ui";
import { requirePageRole } from "@/app/page-role";
import { answerRulePrefill } from "@openoxide/questions-core/rules/prefill";
import { listRules } from "@openoxide/questions-core/rules/store";

export const metadata = { title: "Rules · Settings · OpenOxide Questions" };

type Props = { searchParams: Promise<{ team?: string; fingerprint?: string; from?: string }> };

const one = (v: unknown) => (typeof v === "string" && v.length <= 200 ? v : undefined);

export default async function RulesPage({ searchParams }: Props) {
  const { user, teamIds } = await requirePageRole("lead");
  const params = await searchParams;
  const teams = user.memberships.filter((m) => teamIds.includes(m.teamId));
  const current = teams.find((m) => m.teamSlug === one(params.team)) ?? teams[0]!;
  const fingerprint = one(params.fingerprint);
  const [rules, prefill] = await Promise.all([listRules(current.teamId), fingerprint ? answerRulePrefill(current.teamId, fingerprint, one(params.from)) : null]);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link href="/settings" className="text-zinc-500 hover:underline dark:text-zinc-400">
              Settings
            </Link>{" "}
            / Rules
          </p>
          <h1 className="text-xl font-semibold">Rules</h1>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            Team <span className="font-medium text-zinc-700 dark:text-zinc-300">{current.teamName}</span> ({current.teamSlug}): rules decide matching requests
            at once, without asking anyone. A deny rule wins over an allow rule; no rule ever answers a secret.
          </p>
        </div>
        {teams.length > 1 ? (
          <nav aria-label="Teams" className="flex flex-wrap gap-1">
            {teams.map((t) => (
              <Link
                key={t.teamId}
                href={`/settings/rules?team=${encodeURIComponent(t.teamSlug)}`}
                aria-current={t.teamId === current.teamId ? "page" : undefined}
                className={cn(
                  "rounded-md border px-2.5 py-1 text-sm",
                  t.teamId === current.teamId ? "border-orange-500 bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-200" : "border-zinc-200 text-zinc-600 dark:border-zinc-800 dark:text-zinc-400",
                )}
              >
                {t.teamName}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {fingerprint && !prefill ? (
        <Alert tone="warning">No answer by a person to that question is left in {current.teamName}, so there is nothing to make a rule from.</Alert>
      ) : null}
      {prefill ? <AnswerRuleForm teamId={current.teamId} teamSlug={current.teamSlug} prefill={prefill} /> : null}
      <RulesCard key={current.teamId} teamId={current.teamId} rules={rules} />
    </div>
  );
}
