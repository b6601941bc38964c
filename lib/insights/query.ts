// The insights filters (period, agent, kind; the page adds a team) as one zod schema, shared by
// GET /api/v1/insights, the /insights page and its CSV export. Bad values are a 400 naming the field.
import { z } from "zod";
import { fieldErrors, type FieldError } from "../errors";
import { dateBounds, dateParam } from "../questions/history-query";
import { QUESTION_KINDS } from "../questions/schemas";

export const INSIGHT_KINDS = [...QUESTION_KINDS, "mixed"] as const;
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <S extends z.ZodType>(s: S) => z.preprocess(blankToUndefined, s.optional());

const fields = {
  from: optional(dateParam).meta({ description: "Start of the period (inclusive): YYYY-MM-DD (UTC) or an ISO date-time. Default: 29 days before `to`." }),
  to: optional(dateParam).meta({ description: "End of the period: YYYY-MM-DD includes that whole day (UTC); an ISO date-time is inclusive. Default: today." }),
  agent: optional(z.string().trim().min(1).max(100)).meta({ description: "Only this agent's requests." }),
  kind: optional(z.enum(INSIGHT_KINDS)).meta({ description: "Only requests whose questions are all of this kind (`mixed`: of several kinds)." }),
};

export type Period = { from: Date; to: Date };

/** The period as half-open instants [from, to); at most MAX_DAYS long, `from` before `to`. */
export function periodOf(f: { from?: string; to?: string }, now = new Date()): Period {
  const b = dateBounds(f);
  const to = b.lt ?? (b.lte ? new Date(b.lte.getTime() + 1) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS));
  const from = b.gte ?? new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() - (DEFAULT_DAYS - (isMidnight(to) ? 0 : 1))));
  return { from, to };
}

const isMidnight = (d: Date) => d.getTime() % DAY_MS === 0;

function periodError(f: { from?: string; to?: string }): FieldError | null {
  const { from, to } = periodOf(f);
  if (from >= to) return { path: "from", message: `must be before “to”${f.to ? ` (${f.to})` : ""}` };
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS) return { path: "from", message: `the period may span at most ${MAX_DAYS} days` };
  return null;
}

const checked = <S extends z.ZodObject>(s: S) =>
  s.superRefine((v, ctx) => {
    const e = periodError(v as { from?: string; to?: string });
    if (e) ctx.addIssue({ code: "custom", path: [e.path], message: e.message });
  });

/** GET /api/v1/insights: a token sees its own team. */
export const InsightsQuerySchema = checked(z.object(fields).strict());
export type InsightsQuery = z.output<typeof InsightsQuerySchema>;

/** The page and its export: the same, plus the team (a slug of the user's). */
export const InsightsPageQuerySchema = checked(z.object({ ...fields, team: optional(z.string().trim().min(1).max(40)) }).strict());
export type InsightsPageQuery = z.output<typeof InsightsPageQuerySchema>;

export function parsePageQuery(params: Record<string, string>): { ok: true; query: InsightsPageQuery } | { ok: false; errors: FieldError[] } {
  const parsed = InsightsPageQuerySchema.safeParse(params);
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
