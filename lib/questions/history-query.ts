// The history filters (status, agent, reviewer, team, date range, text) as one zod schema, shared
// by the /history page (URL search params) and the export route. Empty form fields mean "any".
import { z } from "zod";
import { fieldErrors, validationError, type FieldError } from "../errors";
import { STATUSES } from "./schemas";

export const RESOLVED_STATUSES = STATUSES.filter((s) => s !== "pending") as Exclude<(typeof STATUSES)[number], "pending">[];
export type ResolvedStatus = (typeof RESOLVED_STATUSES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (UTC) or a full ISO instant. */
export const dateParam = z
  .string()
  .trim()
  .refine((s) => (DAY.test(s) || s.includes("T")) && !Number.isNaN(Date.parse(s)), "use YYYY-MM-DD or an ISO date-time");

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <S extends z.ZodType>(s: S) => z.preprocess(blankToUndefined, s.optional());

export const HistoryFiltersSchema = z.object({
  status: optional(z.enum(RESOLVED_STATUSES as [ResolvedStatus, ...ResolvedStatus[]])),
  agent: optional(z.string().trim().min(1).max(100)),
  reviewer: optional(z.string().trim().min(1).max(200)),
  team: optional(z.string().trim().min(1).max(40)),
  from: optional(dateParam),
  to: optional(dateParam),
  q: optional(z.string().trim().min(1).max(200)),
});
export type HistoryFilters = z.output<typeof HistoryFiltersSchema>;

export const DEFAULT_HISTORY_LIMIT = 25;

export const HistoryQuerySchema = HistoryFiltersSchema.extend({
  limit: optional(z.coerce.number().int().min(1).max(100)).transform((v) => v ?? DEFAULT_HISTORY_LIMIT),
  cursor: optional(z.string().min(1).max(300)),
}).strict();
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

export const ExportQuerySchema = HistoryFiltersSchema.extend({
  format: z.enum(["csv", "json"]).default("csv"),
}).strict();
export type ExportQuery = z.output<typeof ExportQuerySchema>;

/** URLSearchParams or Next's searchParams object → plain record (first value of repeated keys). */
export function paramsRecord(input: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  if (input instanceof URLSearchParams) {
    input.forEach((v, k) => (out[k] ??= v));
    return out;
  }
  for (const [k, v] of Object.entries(input)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) out[k] = first;
  }
  return out;
}

/** A range whose start is after its end matches nothing: an error to name, not an empty list. */
export function rangeError(f: Pick<HistoryFilters, "from" | "to">): FieldError | null {
  const { gte, lt, lte } = dateBounds(f);
  const end = lt ?? lte;
  if (!gte || !end || (lt ? gte < lt : gte <= end)) return null;
  return { path: "from", message: `“from” (${f.from}) is after “to” (${f.to}); swap them or clear one` };
}

/** Parses without throwing, so a page can show what is wrong next to the form. */
export function parseHistoryQuery(params: Record<string, string>): { ok: true; query: HistoryQuery } | { ok: false; errors: FieldError[] } {
  const parsed = HistoryQuerySchema.safeParse(params);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const range = rangeError(parsed.data);
  return range ? { ok: false, errors: [range] } : { ok: true, query: parsed.data };
}

export function parseExportQuery(params: Record<string, string>): ExportQuery {
  const parsed = ExportQuerySchema.safeParse(params);
  const range = parsed.success ? rangeError(parsed.data) : null;
  if (parsed.success && !range) return parsed.data;
  // The one formatter (clipped, capped) every other route uses; a query string is a 400.
  throw validationError(parsed.success ? [range!] : fieldErrors(parsed.error), undefined, "invalid_query");
}

/** `from` is inclusive; a bare day in `to` includes that whole day (UTC). */
export function dateBounds(f: Pick<HistoryFilters, "from" | "to">): { gte?: Date; lt?: Date; lte?: Date } {
  const out: { gte?: Date; lt?: Date; lte?: Date } = {};
  if (f.from) out.gte = new Date(DAY.test(f.from) ? `${f.from}T00:00:00.000Z` : f.from);
  if (f.to) {
    if (DAY.test(f.to)) out.lt = new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000);
    else out.lte = new Date(f.to);
  }
  return out;
}

/** The filters as search params (for links that keep them, e.g. pages and exports). */
export function filtersToParams(f: HistoryFilters, extra: Record<string, string | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ["status", "agent", "reviewer", "team", "from", "to", "q"] as const) {
    const v = f[key];
    if (v) p.set(key, v);
  }
  for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
  return p;
}

/** The permitted team ids, narrowed to one team when the `team` filter names one of them. */
export function teamScope(memberships: { teamId: string; teamSlug: string }[], teamIds: string[], slug: string | undefined): string[] {
  if (!slug) return teamIds;
  return memberships.filter((m) => m.teamSlug === slug && teamIds.includes(m.teamId)).map((m) => m.teamId);
}
