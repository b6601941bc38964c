// The text `q` searches. Prisma turns `contains` into LIKE '%…%' without escaping, so `%` and `_`
// in a query would be wildcards (and `\` an escape on PostgreSQL). SQLite's LIKE has no default
// escape character to lean on, so both sides are encoded instead: the three characters become
// private-use code points in the stored text and in the query alike, which LIKE compares
// literally on both databases. The column is never shown, only searched.
const ENCODE: Record<string, string> = { "%": "\uE025", _: "\uE05F", "\\": "\uE05C" };

export function searchKey(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (c) => ENCODE[c]!);
}
