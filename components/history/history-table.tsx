// The history list: a dense table on wide screens; on a phone the secondary columns fold into
// the title cell. Each row links to the detail page.
import Link from "next/link";
import { Badge, statusTone } from "@/components/ui";
import type { HistoryItem } from "@openoxide/questions-core/questions/history";
import { ApprovalTally } from "./approval-summary";
import { askedParts } from "@openoxide/questions-core/questions/asked";
import { answerSummary, outcomeSummary } from "@openoxide/questions-core/questions/history-summary";
import { ResolvedBy } from "./resolved-by";
import { formatDuration, formatTime, requestTitle, STATUS_LABEL } from "./format";

type Props = { items: HistoryItem[]; teamNames: Record<string, string>; showTeam: boolean };

const th = "px-3 py-2 text-left text-xs font-medium text-zinc-500 dark:text-zinc-400";
const td = "px-3 py-2.5 align-top";

/** What was decided: each question's answer, or how the request ended. Never a secret value. */
function Decision({ request }: { request: HistoryItem["request"] }) {
  const parts = answerSummary(request);
  const outcome = outcomeSummary(request);
  if (!parts.length && !outcome) return null;
  return (
    <p className="mt-1 text-sm break-words text-zinc-700 dark:text-zinc-300">
      <span className="sr-only">Decision: </span>
      {parts.length
        ? parts.map((p, i) => (
            <span key={i}>
              {i ? <span aria-hidden className="text-zinc-400"> · </span> : null}
              <span className="text-zinc-500 dark:text-zinc-400">{p.header}:</span> {p.value}
            </span>
          ))
        : outcome}
    </p>
  );
}

/** Each question's text (or an approval's command), beyond what the title says. */
function Asked({ request }: { request: HistoryItem["request"] }) {
  const parts = askedParts(request);
  if (!parts.length) return null;
  return (
    <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-400">
      <span className="sr-only">Asked: </span>
      {parts.join(" · ")}
    </p>
  );
}

export function HistoryTable({ items, teamNames, showTeam }: Props) {
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-sm">
        <caption className="sr-only">Resolved requests, newest first</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60">
          <tr>
            <th scope="col" className={`${th} hidden w-28 sm:table-cell`}>
              Status
            </th>
            <th scope="col" className={th}>
              Request
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Agent
            </th>
            {showTeam ? (
              <th scope="col" className={`${th} hidden lg:table-cell`}>
                Team
              </th>
            ) : null}
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Resolved by
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell whitespace-nowrap`}>
              Resolved (UTC)
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {items.map(({ request: r, teamId, rule }) => (
            <tr key={r.id} className="group relative hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <td className={`${td} hidden sm:table-cell`}>
                <Badge tone={statusTone(r.status)}>{STATUS_LABEL[r.status]}</Badge>
              </td>
              <td className={`${td} min-w-0`}>
                <Link
                  href={`/history/${r.id}`}
                  className="font-medium text-zinc-900 after:absolute after:inset-0 group-hover:underline focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-zinc-100"
                >
                  {requestTitle(r)}
                </Link>
                <Asked request={r} />
                <Decision request={r} />
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  <Badge tone={statusTone(r.status)} className="sm:hidden">
                    {STATUS_LABEL[r.status]}
                  </Badge>
                  <span>
                    {r.questions.length} question{r.questions.length === 1 ? "" : "s"}
                  </span>
                  <ApprovalTally request={r} />
                  <span aria-hidden>·</span>
                  <span>waited {formatDuration(r.createdAt, r.resolvedAt)}</span>
                  <span className="md:hidden">· {r.agent.name}</span>
                  <span className="md:hidden">
                    · <ResolvedBy resolvedBy={r.resolvedBy} rule={rule} />
                  </span>
                  <span className="sm:hidden">· {formatTime(r.resolvedAt)}</span>
                </p>
              </td>
              <td className={`${td} hidden md:table-cell`}>
                <span className="font-mono text-xs">{r.agent.name}</span>
              </td>
              {showTeam ? <td className={`${td} hidden lg:table-cell text-zinc-600 dark:text-zinc-400`}>{teamNames[teamId] ?? ""}</td> : null}
              <td className={`${td} hidden md:table-cell text-zinc-700 dark:text-zinc-300`}>
                <ResolvedBy resolvedBy={r.resolvedBy} rule={rule} />
              </td>
              <td className={`${td} hidden sm:table-cell whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-400`}>
                <time dateTime={r.resolvedAt ?? undefined}>{formatTime(r.resolvedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
