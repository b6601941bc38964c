// The values insights reads in SQL, computed once where a request is written: its kind at create,
// and at the terminal transition the wait and (when answered) a digest of "how it was answered".
import { createHash } from "node:crypto";
import type { StoredResponse } from "../questions/view";
import type { Question } from "../questions/schemas";

/** The kind every question shares, or "mixed" (the page's and the API's `kind` filter). */
export function requestKind(questions: readonly Pick<Question, "kind">[]): string {
  const kinds = new Set(questions.map((q) => q.kind));
  return kinds.size === 1 ? [...kinds][0]! : "mixed";
}

/** Whole seconds from creation to resolution (never negative, whatever the clocks did). */
export function waitSeconds(createdAt: Date, resolvedAt: Date): number {
  return Math.max(0, Math.floor((resolvedAt.getTime() - createdAt.getTime()) / 1000));
}

/**
 * Two answered requests of the same fingerprint with the same digest were "answered the same way":
 * per question (in order) the choices, "Other" text, free text and approval decision, without the
 * reviewer's note. Null when a question is secret: every secret answer would look alike, and a
 * secret is never a candidate for a rule.
 */
export function answerDigest(questions: readonly Pick<Question, "id" | "secret">[], response: StoredResponse): string | null {
  if (!response || !("answers" in response) || questions.some((q) => q.secret)) return null;
  const parts = questions.map((q) => {
    const a = response.answers[q.id];
    if (!a || a.skipped) return ["skipped", a?.decision ?? null];
    return [[...a.selected].sort(), a.custom ?? null, a.text ?? null, a.decision ?? null, a.editedInput ?? null];
  });
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}
