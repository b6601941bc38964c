// What the `q` filter (history and GET /requests) searches: lower-cased text kept on the row.
// At creation (create.ts): title, context, agent, headers and prompts. When resolved: what was decided —
// the chosen options, "Other" text, free text, notes and a reviewer's rejection reason. Stored answers
// never hold a secret value (lib/questions/answers.ts keeps those apart), so none can become searchable.
//
// Prisma turns `contains` into LIKE '%…%' without escaping, so `%` and `_` in a query would be
// wildcards (and `\` an escape on PostgreSQL). SQLite's LIKE has no default escape character to lean
// on, so both sides are encoded instead: the three characters become private-use code points in the
// stored text and in the query alike, which LIKE compares literally on both databases. The column is
// never shown, only searched.
import type { StoredResponse } from "./view";

const ENCODE: Record<string, string> = { "%": "\uE025", _: "\uE05F", "\\": "\uE05C" };

export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (c) => ENCODE[c]!);
}

/** The text a resolution adds to the row's search text ("" when it adds nothing), already encoded. */
export function resolutionSearchText(response: StoredResponse): string {
  if (!response) return "";
  if ("rejection" in response) return response.rejection.code === "reviewer_rejected" ? searchKey(response.rejection.message) : "";
  const parts = Object.values(response.answers).flatMap((a) => [...a.selected, a.custom, a.text, a.note]);
  return searchKey(parts.filter(Boolean).join("\n"));
}
