// The figures' shape: the JSON of GET /api/v1/insights (and its OpenAPI document), the page and
// the CSV export all come from this one schema.
import { z } from "zod";

const seconds = (description: string) => z.number().int().nullable().meta({ description });
const count = z.number().int();

const Outcomes = {
  answered: count.meta({ description: "answered by a person (decisions by a rule are counted in decidedByRule)" }),
  rejected: count.meta({ description: "rejected by a person or at once by the system (non-interactive, policy deny)" }),
  cancelled: count,
  expired: count,
  decidedByRule: count.meta({ description: "answered or denied by a team rule (resolvedBy rule:<id>)" }),
};

export const InsightsSchema = z
  .object({
    period: z.object({ from: z.iso.datetime(), to: z.iso.datetime().meta({ description: "exclusive end" }) }),
    filters: z.object({ agent: z.string().nullable(), kind: z.string().nullable() }),
    /** Exact nearest-rank percentiles (the value at rank ⌈p·n⌉) of whole seconds waited. */
    timeToAnswer: z.object({
      medianSeconds: seconds("median wait of the requests answered by a person in the period; null when none"),
      p90Seconds: seconds("90th percentile (nearest rank) of the same waits"),
      answered: count,
    }),
    counts: z.object({ ...Outcomes, total: count }).meta({ description: "requests resolved in the period, by outcome (disjoint)" }),
    open: z.object({ count, oldestSeconds: seconds("how long the oldest pending request has waited") }).meta({ description: "pending now (not bound to the period)" }),
    waitingSeconds: count.meta({ description: "total seconds agents waited on people for the requests resolved in the period (rule decisions left out)" }),
    byDay: z.array(z.object({ day: z.string().meta({ description: "YYYY-MM-DD (UTC) of the resolution" }), ...Outcomes, medianSeconds: seconds("median wait of that day's answers"), p90Seconds: seconds("90th percentile of that day's answers") })),
    byAgent: z.array(
      z.object({
        agent: z.string(),
        requests: count,
        medianSeconds: seconds("median wait of the agent's answered requests"),
        rejectedShare: z.number().meta({ description: "rejected ÷ requests (0–1)" }),
        expiredShare: z.number().meta({ description: "expired ÷ requests (0–1)" }),
      }),
    ),
    byReviewer: z.array(z.object({ reviewer: z.string(), decisions: count, medianSeconds: seconds("median wait of the requests they answered or rejected") })),
    recurring: z.array(
      z.object({
        fingerprint: z.string(),
        count: count.meta({ description: "times this question was answered this same way in the period" }),
        header: z.string(),
        prompt: z.string(),
        answer: z.string().meta({ description: "the answer in words (never a secret: requests asking one are left out)" }),
        lastRequestId: z.string(),
      }),
    ),
  })
  .meta({ id: "Insights" });
export type Insights = z.infer<typeof InsightsSchema>;
