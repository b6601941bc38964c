// Shared formatting for the history pages. Times are shown in UTC, like the date filters, so a
// page renders the same on the server and for every reader.
import type { QuestionRequest } from "@openoxide/questions-core/questions/schemas";

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-02 09:41` (UTC); empty for null. */
export function formatTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return "";
  const d = new Date(iso);
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return seconds ? `${base}:${pad(d.getUTCSeconds())}` : base;
}

/** "3 min", "2 h 5 min", "4 d 1 h": how long a request waited for its decision. */
export function formatDuration(fromIso: string, toIso: string | null): string {
  if (!toIso) return "";
  const s = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

export const STATUS_LABEL: Record<QuestionRequest["status"], string> = {
  pending: "Pending",
  answered: "Answered",
  rejected: "Rejected",
  cancelled: "Cancelled",
  expired: "Expired",
};

export const KIND_LABEL: Record<QuestionRequest["questions"][number]["kind"], string> = {
  single_select: "Single choice",
  multi_select: "Multiple choice",
  freeform: "Free text",
  approval: "Approval",
};

/** A resolver label for people: `token:ci-bot` → "ci-bot (API token)", `system` → "System". */
export function actorName(actor: string | null): string {
  if (!actor) return "—";
  if (actor === "system") return "System";
  if (actor.startsWith("token:")) return `${actor.slice(6)} (API token)`;
  return actor;
}

export function requestTitle(r: Pick<QuestionRequest, "title" | "questions">): string {
  return r.title || r.questions[0]?.prompt || "Untitled request";
}
