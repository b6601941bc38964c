// What a request asks, in a line or two for lists (inbox rows, history rows): each question's text,
// or an approval's command / changed file, leaving out what the title already says (issue 22).
import { describeAction } from "./action-format";
import type { Question } from "./schemas";

const MAX = 160;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

function askedText(q: Pick<Question, "kind" | "prompt" | "action">): string {
  if (q.kind !== "approval" || !q.action) return oneLine(q.prompt);
  const view = describeAction(q.action);
  if (view.kind === "command") return `$ ${oneLine(view.command)}`;
  if (view.kind === "diff") return view.path ? `Change ${view.path}` : oneLine(q.prompt);
  return oneLine(q.prompt);
}

/** One short text per question, minus those the title already shows. */
export function askedParts(r: { title: string | null; questions: Array<Pick<Question, "kind" | "prompt" | "action">> }): string[] {
  const title = oneLine(r.title ?? "").toLowerCase();
  return r.questions
    .map(askedText)
    .filter((t) => t && !(title && title.includes(t.replace(/^\$ /, "").toLowerCase())))
    .map(clip);
}
