// The reviewer inbox: pending requests across the teams a browser user reviews, oldest first
// (FIFO, like the REST list), each with its team for display.
import { db } from "../db/client";
import { AppError } from "../errors";
import type { QuestionRequest } from "./schemas";
import { SECRET_META, toView } from "./view";
import { presenceOf, type Presence } from "./presence";
import { INBOX_PAGE } from "./inbox-pages";

export type TeamRef = { id: string; slug: string; name: string };
/** `presence`: whether an agent still waits (pending requests only; lib/questions/presence.ts). */
export type InboxItem = QuestionRequest & { team: TeamRef; presence?: Presence | null };
export type InboxPage = { data: InboxItem[]; total: number };

export { INBOX_FIRST, INBOX_MAX, INBOX_PAGE } from "./inbox-pages";

const TEAM = { select: { id: true, slug: true, name: true } } as const;

/** `after`: the last id the caller holds (ids sort by creation), for the rows after it; `total` counts them all. */
export async function listInbox(opts: { teamIds: string[]; agent?: string; after?: string; limit?: number }): Promise<InboxPage> {
  const where = { teamId: { in: opts.teamIds }, status: "pending", ...(opts.agent ? { agentName: opts.agent } : {}) };
  const client = db();
  const [rows, total] = await Promise.all([
    client.questionRequest.findMany({
      where: opts.after ? { ...where, id: { gt: opts.after } } : where,
      orderBy: { id: "asc" },
      take: opts.limit ?? INBOX_PAGE,
      include: { secrets: { select: SECRET_META }, team: TEAM },
    }),
    client.questionRequest.count({ where }),
  ]);
  return { data: rows.map((r) => ({ ...toView(r, r.secrets), team: r.team, presence: presenceOf(r) })), total };
}

/** One request of the user's teams, in any status; null for another team's (a 404, never a 403). */
export async function getInboxRequest(opts: { teamIds: string[]; id: string }): Promise<InboxItem | null> {
  const row = await db().questionRequest.findFirst({
    where: { id: opts.id, teamId: { in: opts.teamIds } },
    include: { secrets: { select: SECRET_META }, team: TEAM },
  });
  if (!row) return null;
  const presence = row.status === "pending" ? presenceOf(row) : null;
  return withoutAnswers({ ...toView(row, row.secrets), team: row.team, presence });
}

/**
 * The inbox shows who resolved a request and how, not what they answered: that is history,
 * for leads. Pages, UI routes and the browser's event stream all pass through this.
 */
export function withoutAnswers<T extends QuestionRequest>(r: T): T {
  return r.response && "answers" in r.response ? { ...r, response: { answers: {} } } : r;
}

/** The newest event id: read before a snapshot, the live stream resumes after it with no gap. */
export async function eventCursor(): Promise<number> {
  const r = await db().event.aggregate({ _max: { id: true } });
  return r._max.id ?? 0;
}

/** The team of a request the user may act on; not_found for any other team's. */
export async function requireTeamOf(teamIds: string[], id: string): Promise<string> {
  const row = await db().questionRequest.findFirst({ where: { id, teamId: { in: teamIds } }, select: { teamId: true } });
  if (!row) throw new AppError("not_found", `No request ${id}.`);
  return row.teamId;
}

export type Outcome = Pick<QuestionRequest, "id" | "status" | "version" | "resolvedAt" | "resolvedBy">;

/** What a browser submit gets back: the new state, never the answers (which held the secret). */
export function outcome(r: QuestionRequest): Outcome {
  return { id: r.id, status: r.status, version: r.version, resolvedAt: r.resolvedAt, resolvedBy: r.resolvedBy };
}
