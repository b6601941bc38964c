// The side panel of a history detail page: what happened when (timeline) and who asked (agent).
import type { HistoryItem } from "@openoxide/questions-core/questions/history";
import type { ReactNode } from "react";
import { ResolvedBy } from "./resolved-by";
import { formatDuration, formatTime, STATUS_LABEL } from "./format";

type Step = { label: string; at: string; detail?: ReactNode };

function steps({ request: r, secrets, rule }: HistoryItem): Step[] {
  const out: Step[] = [{ label: "Asked", at: r.createdAt, detail: `by ${r.agent.name}` }];
  if (r.resolvedAt) {
    out.push({ label: STATUS_LABEL[r.status], at: r.resolvedAt, detail: (
        <>
          by <ResolvedBy resolvedBy={r.resolvedBy} rule={rule} />, after {formatDuration(r.createdAt, r.resolvedAt)}
        </>
      ) });
  }
  const claimed = secrets.map((s) => s.claimedAt).find(Boolean);
  const purged = secrets.map((s) => s.purgedAt).find(Boolean);
  if (claimed) out.push({ label: "Secret claimed", at: claimed, detail: "by the asking agent" });
  else if (purged) out.push({ label: "Secret purged", at: purged, detail: "never claimed" });
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export function Timeline({ item }: { item: HistoryItem }) {
  return (
    <ol className="relative space-y-3 border-l border-zinc-200 pl-4 dark:border-zinc-800" aria-label="Timeline">
      {steps(item).map((s) => (
        <li key={s.label} className="relative">
          <span aria-hidden className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-white bg-zinc-400 dark:border-zinc-900" />
          <p className="text-sm font-medium">{s.label}</p>
          <p className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            <time dateTime={s.at}>{formatTime(s.at, true)} UTC</time>
            {s.detail ? <> · {s.detail}</> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Fact({ term, value, mono }: { term: string; value: string | null | undefined; mono?: boolean }) {
  if (!value) return null;
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className={mono ? "font-mono text-xs break-all" : "text-sm break-words"}>{value}</dd>
    </div>
  );
}

export function RequestFacts({ item, teamName }: { item: HistoryItem; teamName?: string }) {
  const r = item.request;
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <Fact term="Agent" value={r.agent.name} />
      <Fact term="Team" value={teamName} />
      <Fact term="Session" value={r.agent.sessionId} mono />
      <Fact term="Turn" value={r.agent.turnId} mono />
      <Fact term="Tool call" value={r.agent.toolCallId} mono />
      <Fact term="Parent request" value={r.agent.parentRequestId} mono />
      <Fact term="Source" value={r.source === "model_tool" ? "Model tool call" : "Agent runtime"} />
      <Fact term="Mode" value={r.mode === "interactive" ? "Interactive" : "Non-interactive"} />
      <Fact term="Expiry" value={r.expiresAt ? `${formatTime(r.expiresAt)} UTC` : null} />
      <Fact term="Request id" value={r.id} mono />
    </dl>
  );
}
