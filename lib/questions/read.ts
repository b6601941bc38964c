// Reads: one request, or a filtered keyset page. Pending lists are FIFO (oldest first), others
// newest first; the cursor is the last id of the page, so inserts between pages shift nothing.
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../cursor";
import { searchWhere } from "./search-index";
import { db } from "../db/client";
import { readRequestFast } from "../db/fast-read";
import { AppError } from "../errors";
import type { ListQuery, QuestionRequest } from "./schemas";
import { SECRET_META, toView } from "./view";

export type Scope = { teamId: string; tokenId?: string };

// By prepared statements (lib/db/fast-read.ts): every long-poll and MCP wait starts with this read,
// and an MCP get_answer renews every MCP_WAIT_SECONDS, where Prisma's query compiler was most of its CPU.
export async function getRequest(scope: Scope, id: string): Promise<QuestionRequest | null> {
  const row = await readRequestFast({ id, teamId: scope.teamId, ...(scope.tokenId ? { tokenId: scope.tokenId } : {}) });
  return row ? toView(row, row.secrets) : null;
}

export async function requireRequest(scope: Scope, id: string): Promise<QuestionRequest> {
  const request = await getRequest(scope, id);
  if (!request) throw new AppError("not_found", `No request ${id}.`);
  return request;
}

/** The last id of a page, and the ordering it belongs to (a cursor of the other one is refused). */
const cursorSchema = (asc: boolean) => z.object({ id: z.string(), asc: z.literal(asc) });

export async function listRequests(scope: Scope, query: ListQuery): Promise<{ data: QuestionRequest[]; nextCursor: string | null }> {
  const asc = query.status === "pending";
  const cursor = query.cursor ? decodeCursor(query.cursor, cursorSchema(asc), "The cursor is invalid or belongs to another ordering.") : null;
  const search = query.q ? await searchWhere(query.q) : null;
  const rows = await db().questionRequest.findMany({
    where: {
      teamId: scope.teamId,
      ...(scope.tokenId ? { tokenId: scope.tokenId } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.agent ? { agentName: query.agent } : {}),
      ...(query.sessionId ? { sessionId: query.sessionId } : {}),
      ...(cursor ? { id: asc ? { gt: cursor.id } : { lt: cursor.id } } : {}),
      ...(search ? { AND: [search] } : {}),
    },
    orderBy: { id: asc ? "asc" : "desc" },
    take: query.limit + 1,
    include: { secrets: { select: SECRET_META } },
  });
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return {
    data: page.map((r) => toView(r, r.secrets)),
    nextCursor: more ? encodeCursor({ id: page.at(-1)!.id, asc }) : null,
  };
}
