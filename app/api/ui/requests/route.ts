import { z } from "zod";
import { parseQuery } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { INBOX_MAX, listInbox } from "@openoxide/questions-core/questions/inbox";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z
  .object({
    agent: z.string().min(1).max(100).optional(),
    team: z.string().min(1).max(40).optional(),
    // The next rows after the last one the page holds (the inbox loads more as the reviewer scrolls).
    after: z.string().min(1).max(40).optional(),
    limit: z.coerce.number().int().min(1).max(INBOX_MAX).optional(),
  })
  .strict();

// GET /api/ui/requests — the inbox: pending requests of the user's teams, oldest first, a page at a time
export const GET = uiRoute("reviewer", async ({ url, user, teamIds }) => {
  const query = parseQuery(url, Query);
  const teams = query.team ? user.memberships.filter((m) => m.teamSlug === query.team && teamIds.includes(m.teamId)).map((m) => m.teamId) : teamIds;
  if (teams.length === 0) return json({ data: [], total: 0 });
  return json(await listInbox({ teamIds: teams, agent: query.agent, after: query.after, limit: query.limit }));
});
