// A stable fingerprint of what is asked, so the same question asked again (by any agent, in any
// session) can be recognised: by team rules ("always answer this the same way") and by insights
// (questions that recur). Ids, titles, context and the agent are left out on purpose: they change
// from run to run while the question stays the same.
import { createHash } from "node:crypto";
import type { Question } from "./schemas";

type Asked = Pick<Question, "header" | "prompt" | "kind" | "options"> & { secret?: boolean; action?: { tool: string } };

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** sha256 hex (first 32 chars) of one question's header, prompt, kind and option labels (sorted). */
export function questionFingerprint(q: Asked): string {
  const parts = [q.kind, norm(q.header), norm(q.prompt), ...q.options.map((o) => norm(o.label)).sort()];
  if (q.action) parts.push(`tool:${q.action.tool}`);
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/** The fingerprint of a whole request: its questions' fingerprints in order. */
export function requestFingerprint(questions: readonly Asked[]): string {
  return createHash("sha256")
    .update(questions.map(questionFingerprint).join("|"))
    .digest("hex")
    .slice(0, 32);
}
