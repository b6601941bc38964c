// Database row → public QuestionRequest. Secret rows contribute only metadata: the select below
// is the one every read uses, and it has no ciphertext column.
import type { RequestRow } from "../db/types";
import type { Answer, Question, QuestionRequest, Rejection, Status } from "./schemas";

export const SECRET_META = { questionId: true, providedBy: true, createdAt: true, claimedAt: true, purgedAt: true } as const;
export type SecretMeta = { questionId: string; providedBy: string; createdAt: Date; claimedAt: Date | null; purgedAt: Date | null };

export type StoredResponse = { answers: Record<string, Answer> } | { rejection: Rejection } | null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// callbackUrl stays out of the view: an agent's URL may carry its own credentials.
export function toView(row: Omit<RequestRow, "callbackUrl">, secrets: SecretMeta[] = []): QuestionRequest {
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
    },
    questions: JSON.parse(row.questions) as Question[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    response,
    version: row.version,
  };
}

export function isTerminal(status: string): boolean {
  return status !== "pending";
}
