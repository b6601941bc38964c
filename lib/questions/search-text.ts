// What the `q` filter (history and GET /requests) searches: lower-cased text kept on the row.
// At creation (create.ts): title, context, agent, headers and prompts. When resolved: what was decided —
// the chosen options, "Other" text, free text, notes and a reviewer's rejection reason. Stored answers never hold a
// secret value (lib/questions/answers.ts keeps those apart), so none can become searchable.
import type { StoredResponse } from "./view";

/** The text a resolution adds to the row's search text ("" when it adds nothing). */
export function resolutionSearchText(response: StoredResponse): string {
  if (!response) return "";
  if ("rejection" in response) return response.rejection.code === "reviewer_rejected" ? response.rejection.message.toLowerCase() : "";
  const parts = Object.values(response.answers).flatMap((a) => [...a.selected, a.custom, a.text, a.note]);
  return parts.filter(Boolean).join("\n").toLowerCase();
}
