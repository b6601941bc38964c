// The figures as one CSV in long form (figure, key, metric, value): every number the page shows,
// one per row, so a spreadsheet pivots it however the reader likes.
import { stringify } from "csv-stringify/sync";
import { inert } from "../questions/history-export";
import type { Insights } from "./schemas";

type Cell = string | number | null;

export function insightsCsv(i: Insights): string {
  const rows: Cell[][] = [];
  const add = (figure: string, key: string, values: Record<string, Cell>) => {
    for (const [metric, value] of Object.entries(values)) rows.push([figure, key, metric, value]);
  };
  add("period", "", { from: i.period.from, to: i.period.to, agent: i.filters.agent, kind: i.filters.kind });
  add("time_to_answer", "", { median_seconds: i.timeToAnswer.medianSeconds, p90_seconds: i.timeToAnswer.p90Seconds, answered: i.timeToAnswer.answered });
  add("counts", "", { ...i.counts });
  add("open", "", { count: i.open.count, oldest_seconds: i.open.oldestSeconds });
  add("waiting", "", { total_seconds: i.waitingSeconds });
  for (const { day, ...d } of i.byDay) add("day", day, { ...d });
  for (const { agent, ...a } of i.byAgent) add("agent", agent, { ...a });
  for (const { reviewer, ...r } of i.byReviewer) add("reviewer", reviewer, { ...r });
  for (const r of i.recurring) add("recurring", r.fingerprint, { count: r.count, header: r.header, prompt: r.prompt, answer: r.answer, last_request_id: r.lastRequestId });
  const cells = rows.map((r) => r.map((c) => (typeof c === "string" ? inert(c) : (c ?? ""))));
  return stringify([["figure", "key", "metric", "value"], ...cells]);
}
