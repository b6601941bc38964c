// The tables of /insights: agents, reviewers and recurring questions.
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui";
import { actorName } from "@/components/history/format";
import type { Insights } from "@openoxide/questions-core/insights/schemas";
import { duration, percent } from "./format";

const th = "px-3 py-2 text-left text-xs font-medium text-zinc-600 dark:text-zinc-400";
const td = "px-3 py-2 tabular-nums";
const none = (what: string) => <p className="text-sm text-zinc-600 dark:text-zinc-400">{what}</p>;

export function AgentsTable({ rows }: { rows: Insights["byAgent"] }) {
  return (
    <Card aria-labelledby="by-agent">
      <CardHeader id="by-agent" title="By agent" description="Requests resolved in the period, the median wait for an answer, and how often the agent was turned away." />
      <CardBody className="overflow-x-auto p-0">
        {rows.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th} scope="col">Agent</th>
                <th className={th} scope="col">Requests</th>
                <th className={th} scope="col">Median time to answer</th>
                <th className={th} scope="col">Rejected</th>
                <th className={th} scope="col">Expired</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((r) => (
                <tr key={r.agent}>
                  <th className="px-3 py-2 text-left font-medium" scope="row">{r.agent}</th>
                  <td className={td}>{r.requests}</td>
                  <td className={td}>{duration(r.medianSeconds)}</td>
                  <td className={td}>{percent(r.rejectedShare)}</td>
                  <td className={td}>{percent(r.expiredShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="px-4 py-3">{none("No requests were resolved in this period.")}</div>
        )}
      </CardBody>
    </Card>
  );
}

export function ReviewersTable({ rows }: { rows: Insights["byReviewer"] }) {
  return (
    <Card aria-labelledby="by-reviewer">
      <CardHeader id="by-reviewer" title="By reviewer" description="Answers and rejections made by people (not rules), and how long those requests had waited." />
      <CardBody className="overflow-x-auto p-0">
        {rows.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th} scope="col">Reviewer</th>
                <th className={th} scope="col">Decisions</th>
                <th className={th} scope="col">Median time to decide</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((r) => (
                <tr key={r.reviewer}>
                  <th className="px-3 py-2 text-left font-medium" scope="row">{actorName(r.reviewer)}</th>
                  <td className={td}>{r.decisions}</td>
                  <td className={td}>{duration(r.medianSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="px-4 py-3">{none("No decisions by people in this period.")}</div>
        )}
      </CardBody>
    </Card>
  );
}

/** `ruleTeam`: the team slug whose rules form "Make this a rule" opens; null where the viewer may not make team rules. */
export function RecurringTable({ rows, ruleTeam }: { rows: Insights["recurring"]; ruleTeam: string | null }) {
  return (
    <Card aria-labelledby="recurring">
      <CardHeader id="recurring" title="Questions that recur" description="The same question answered the same way at least three times in the period (notes aside): candidates for a rule." />
      <CardBody className="overflow-x-auto p-0">
        {rows.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th} scope="col">Question</th>
                <th className={th} scope="col">Answered</th>
                <th className={th} scope="col">Times</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((r) => (
                <tr key={`${r.fingerprint}-${r.lastRequestId}`}>
                  <th className="px-3 py-2 text-left font-normal" scope="row">
                    <span className="font-medium">{r.header}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">{r.prompt}</span>
                    <span className="flex flex-wrap gap-x-3 text-xs">
                      <Link href={`/history/${r.lastRequestId}`} className="underline underline-offset-2">
                        Latest
                      </Link>
                      {ruleTeam ? (
                        <Link
                          href={`/settings/rules?${new URLSearchParams({ team: ruleTeam, fingerprint: r.fingerprint, from: r.lastRequestId })}`}
                          aria-label={`Make this a rule: ${r.prompt}`}
                          className="font-medium text-orange-700 underline underline-offset-2 dark:text-orange-300"
                        >
                          Make this a rule
                        </Link>
                      ) : null}
                    </span>
                  </th>
                  <td className="px-3 py-2">{r.answer}</td>
                  <td className={td}>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="px-4 py-3">{none("No question was answered the same way three times in this period.")}</div>
        )}
      </CardBody>
    </Card>
  );
}
