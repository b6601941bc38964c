// Schemas of the agent routes that have no home in the domain (path parameters, small queries and
// results). Named in the route table (routes.ts), so the handlers and the OpenAPI document share them.
import { z } from "zod";
import { RequestSchema } from "../questions/schemas";

export const IdParam = z.object({ id: z.string().min(1).meta({ description: "Request id (`qr_…`).", example: "qr_01JB8Z6W2P5N4X3V7T9R1K0M2Q" }) });
export const SessionParam = z.object({ sessionId: z.string().min(1).max(200).meta({ description: "The `agent.sessionId` the requests were created with." }) });

// Not z.coerce.number(): the OpenAPI generator probes nullability with parse(null), and Number(null)
// = 0 would pass min(0). Query values are strings, so over HTTP this parses exactly like z.coerce.
const toNumber = (v: unknown) => (v === undefined || v === null ? v : Number(v));
export const WaitQuery = z
  .object({
    wait: z
      .preprocess(toNumber, z.number().int().min(0).max(60))
      .default(0)
      .meta({ description: "Block up to this many seconds until the request is terminal." }),
  })
  .strict();

// Documentation only: the events route reads the cursor through lastEventId() (lib/events/http.ts),
// which also takes the header of the same name.
export const EventsQuery = z.object({
  lastEventId: z.string().regex(/^\d{1,15}$/).optional().meta({ description: "Same as the `Last-Event-ID` header, for clients that cannot set headers." }),
});

export const SessionCancelResult = z.object({ cancelled: z.number().int().min(0) }).meta({ id: "SessionCancelResult" });
export const Health = z.object({ ok: z.boolean(), database: z.literal("unreachable").optional() }).meta({ id: "Health" });

// request.updated: a vote on an approval that needs several approvers (still pending).
export const EVENT_TYPES = ["request.created", "request.answered", "request.rejected", "request.cancelled", "request.expired", "request.updated"] as const;
export const Event = z
  .object({ id: z.number().int(), type: z.enum(EVENT_TYPES), requestId: z.string(), createdAt: z.string(), request: RequestSchema })
  .meta({ id: "Event", description: "The JSON `data:` of one Server-Sent Event; the SSE `id:` and `event:` fields repeat `id` and `type`." });
