// History exports, streamed in batches: CSV (one row per question of each request) or JSON (an
// array of request views, approvals' action and edit included). Built from the same views as the
// pages, which never hold a secret value.
import { stringify } from "csv-stringify/sync";
import type { HistoryFilters } from "./history-query";
import { iterateHistory, type HistoryItem, type SecretLine } from "./history";
import type { Answer, QuestionRequest } from "./schemas";

export const EXPORT_MAX_ROWS = 10_000;

export const CSV_COLUMNS = [
  "request_id",
  "status",
  "agent",
  "session_id",
  "title",
  "question_id",
  "header",
  "kind",
  "selected",
  "custom",
  "text",
  "note",
  "skipped",
  "secret",
  "rejection_code",
  "rejection_message",
  "created_at",
  "resolved_by",
  "resolved_at",
  // Approvals (SPEC §6): the decision (its maker is resolved_by) and the edit beside the original.
  "decision",
  "action_tool",
  "action_input",
  "edited_input",
  // The question's text (issue 22): a header alone rarely says what was asked. Trailing, like the
  // approval columns, so readers that go by position keep working.
  "prompt",
  // The name of the rule that decided it (resolved_by keeps the stable `rule:<id>`), trailing too.
  "resolved_by_rule",
] as const;

/** "provided" until the agent claims it, then "claimed"; "purged" when dropped unclaimed. */
export function secretState(s: SecretLine | undefined): "" | "provided" | "claimed" | "purged" {
  if (!s) return "";
  if (s.claimedAt) return "claimed";
  if (s.purgedAt) return "purged";
  return "provided";
}

// A cell starting with = + - @ (or a tab/CR) is run as a formula by spreadsheet apps; agents
// write these strings, so quote them inert (OWASP "CSV injection").
export function inert(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export function csvRows(item: HistoryItem): string[][] {
  const r = item.request;
  const answers = r.response && "answers" in r.response ? r.response.answers : {};
  const rejection = r.response && "rejection" in r.response ? r.response.rejection : null;
  return r.questions.map((q) => {
    const a: Answer | undefined = answers[q.id];
    const secret = item.secrets.find((s) => s.questionId === q.id);
    const cells: string[] = [
      r.id,
      r.status,
      r.agent.name,
      r.agent.sessionId ?? "",
      r.title ?? "",
      q.id,
      q.header,
      q.kind,
      a ? a.selected.join("; ") : "",
      a?.custom ?? "",
      secret ? "" : (a?.text ?? ""),
      a?.note ?? "",
      a?.skipped ? "true" : "",
      secretState(secret),
      rejection?.code ?? "",
      rejection?.message ?? "",
      r.createdAt,
      r.resolvedBy ?? "",
      r.resolvedAt ?? "",
      a?.decision ?? "",
      q.action?.tool ?? "",
      q.action ? JSON.stringify(q.action.input) : "",
      a?.editedInput !== undefined ? JSON.stringify(a.editedInput) : "",
      q.prompt,
      item.rule?.name ?? "",
    ];
    return cells.map(inert);
  });
}

type ExportedAnswer = Omit<Answer, "secret"> & { secret?: NonNullable<Answer["secret"]> & { providedBy?: string; providedAt?: string } };
export type ExportedRequest = Omit<QuestionRequest, "response"> & {
  response: QuestionRequest["response"] | { answers: Record<string, ExportedAnswer> };
};

/** The request view, with who provided each secret and when (never the value). */
export function exportView(item: HistoryItem): ExportedRequest {
  const r = item.request;
  if (!r.response || !("answers" in r.response) || !item.secrets.length) return r;
  const answers: Record<string, ExportedAnswer> = { ...r.response.answers };
  for (const s of item.secrets) {
    const a = answers[s.questionId];
    if (a?.secret) answers[s.questionId] = { ...a, text: null, secret: { ...a.secret, providedBy: s.providedBy, providedAt: s.providedAt } };
  }
  return { ...r, response: { answers } };
}

export function exportStream(opts: { teamIds: string[]; filters: HistoryFilters; format: "csv" | "json"; max?: number }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const items = iterateHistory({ teamIds: opts.teamIds, filters: opts.filters, max: opts.max ?? EXPORT_MAX_ROWS });
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(opts.format === "csv" ? stringify([[...CSV_COLUMNS]]) : "["));
      }
      // A chunk per request keeps memory flat without a round trip per row.
      const next = await items.next();
      if (next.done) {
        if (opts.format === "json") controller.enqueue(encoder.encode(first ? "]\n" : "\n]\n"));
        controller.close();
        return;
      }
      const text = opts.format === "csv" ? stringify(csvRows(next.value)) : `${first ? "\n" : ",\n"}${JSON.stringify(exportView(next.value))}`;
      first = false;
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await items.return(undefined);
    },
  });
}
