// Fitting an agent runtime's question into ours (header ≤ 24, prompt ≤ 2,000, labels ≤ 100 and
// unique) without losing anything the reviewer needs, and reading our typed answer (or an
// approval's decision) back in the runtime's terms. Shared by the bridges (@openoxide/questions-bridge),
// the Claude Code mapping (./claude-code) and the CLI.
import { LIMITS, QUESTION_ID } from "./generated/limits.ts";
import type { Answer, Decision, QuestionRequest } from "./types.ts";

export interface RuntimeOption {
  label: string;
  description?: string | null;
}

/** A header longer than ours is shortened; its full text then opens the prompt. */
export function fitText(header: string, prompt: string): { header: string; prompt: string } {
  const h = header.trim() || "Question";
  const p = prompt.trim() || h;
  if (h.length <= LIMITS.header) return { header: h, prompt: clip(p, LIMITS.prompt) };
  return { header: `${h.slice(0, LIMITS.header - 1).trimEnd()}…`, prompt: clip(`${h}\n\n${p}`, LIMITS.prompt) };
}

/** The runtime's id when it is a valid question id, else a stable positional one. */
export function questionId(id: string | undefined, index: number): string {
  return id !== undefined && QUESTION_ID.test(id) ? id : `q${index + 1}`;
}

/** Our options (clipped, made unique) plus the way back from our label to the runtime's. */
export function fitOptions(options: RuntimeOption[]): { options: Array<{ label: string; description?: string }>; original: Map<string, string> } {
  const original = new Map<string, string>();
  const out: Array<{ label: string; description?: string }> = [];
  for (const [i, o] of options.entries()) {
    let label = clip(o.label.trim() || `Option ${i + 1}`, LIMITS.label);
    if (original.has(label)) label = clip(`${label.slice(0, LIMITS.label - 6)} (${i + 1})`, LIMITS.label);
    original.set(label, o.label);
    const description = o.description?.trim() ? clip(o.description.trim(), LIMITS.description) : undefined;
    out.push(description ? { label, description } : { label });
  }
  return { options: out, original };
}

/** A select answer as the runtime's strings: chosen labels (the runtime's own), then any "Other" text. */
export function chosen(answer: Answer | undefined, original: Map<string, string>): string[] {
  if (!answer || answer.skipped) return [];
  const labels = answer.selected.map((l) => original.get(l) ?? l);
  return answer.custom ? [...labels, answer.custom] : labels;
}

/** The single approval's decision; anything but an answered approve (skipped, rejected, expired) is a deny. */
export function decisionOf(request: QuestionRequest, questionId = "approve"): Decision {
  const response = request.response;
  if (!response || !("answers" in response)) return "deny";
  const a = response.answers[questionId];
  return a && !a.skipped && a.decision ? a.decision : "deny";
}

/**
 * A request title that says what is asked: the first question's text (its header when the text is
 * empty), "+N more" when there are several. Never the runtime's name alone (issue 22).
 */
export function titleFromQuestions(questions: Array<{ question?: string | null; header?: string | null }>): string {
  const first = questions[0];
  const text = oneLine(first?.question || first?.header || "") || "Question";
  const more = questions.length > 1 ? ` (+${questions.length - 1} more)` : "";
  return clip(text, LIMITS.title - more.length) + more;
}

/** An approval's title: the verb and the command itself (as inline code), so the row shows what runs. */
export function commandTitle(verb: string, command: string): string {
  const line = oneLine(command);
  // Backticks inside would end the inline code early; the full command is on the page anyway.
  return line.includes("`") ? clip(`${verb}: ${line}`, LIMITS.title) : `${verb} \`${clip(line, LIMITS.title - verb.length - 3)}\``;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
