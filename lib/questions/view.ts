// Database row → public QuestionRequest. Secret rows contribute only metadata: the select below
// is the one every read uses, and it has no ciphertext column.
import type { RequestRow } from "../db/types";
import type { Answer, Approvals, Question, QuestionRequest, Rejection, Status } from "./schemas";

export type { Approvals } from "./schemas";

export const SECRET_META = { questionId: true, providedBy: true, createdAt: true, claimedAt: true, purgedAt: true } as const;
export type SecretMeta = { questionId: string; providedBy: string; createdAt: Date; claimedAt: Date | null; purgedAt: Date | null };

export type StoredResponse = { answers: Record<string, Answer> } | { rejection: Rejection } | null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Columns the view never shows: callbackUrl may carry the agent's own credentials; the rest is internal. */
type Hidden = "callbackUrl" | "expirySource" | "mcpSessionId" | "agentSeenAt" | "agentGoneAt" | "insightPending";

export function toView(row: Omit<RequestRow, Hidden>, secrets: SecretMeta[] = []): QuestionRequest {
  const stored = row.response ? (JSON.parse(row.response) as StoredResponse) : null;
  let response: StoredResponse = stored;
  if (stored && "answers" in stored && secrets.length) {
    const answers = { ...stored.answers };
    for (const s of secrets) {
      const a = answers[s.questionId];
      if (a) answers[s.questionId] = { ...a, text: null, secret: { provided: true, claimedAt: iso(s.claimedAt), purgedAt: iso(s.purgedAt) } };
    }
    response = { answers };
  }
  // Key order: peekView (below) reads `id`, `status` first and `version` last.
  return {
    id: row.id,
    status: row.status as Status,
    source: row.source as QuestionRequest["source"],
    mode: row.mode as QuestionRequest["mode"],
    title: row.title,
    context: row.context,
    agent: {
      name: row.agentName,
      sessionId: row.sessionId,
      turnId: row.turnId,
      toolCallId: row.toolCallId,
      parentRequestId: row.parentRequestId,
      ...(row.cwd ? { cwd: row.cwd } : {}),
    },
    questions: JSON.parse(row.questions) as Question[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    response,
    ...(row.escalatedAt ? { escalatedAt: row.escalatedAt.toISOString() } : {}),
    ...(row.approvals ? { approvals: JSON.parse(row.approvals) as Approvals } : {}),
    version: row.version,
  };
}

const VERSION_KEY = ',"version":';

/**
 * Status and version read off a view's JSON text without parsing it, relying on toView's key
 * order (above): `id` first and `status` second, `version` last. Null when the text is not in
 * that shape (the caller then parses): the order decides only the speed, never the answer.
 */
export function peekView(text: string, id: string): { status: string; version: number } | null {
  const head = `{"id":${JSON.stringify(id)},"status":"`;
  if (!text.startsWith(head)) return null;
  const end = text.indexOf('"', head.length);
  const at = text.lastIndexOf(VERSION_KEY);
  if (end < 0 || at < 0 || !text.endsWith("}")) return null;
  const digits = text.slice(at + VERSION_KEY.length, -1);
  if (!/^\d{1,15}$/.test(digits)) return null;
  return { status: text.slice(head.length, end), version: Number(digits) };
}

export function isTerminal(status: string): boolean {
  return status !== "pending";
}
