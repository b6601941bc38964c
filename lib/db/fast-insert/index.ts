// A create's writes (request, event, outbox deliveries, idempotency record) in the fewest
// statements: the hottest write of the product, where Prisma's per-statement cost was half the
// server's CPU. Everything else still goes through Prisma; docs/decisions.md says why and how the
// rows stay equal to Prisma's (tests/unit/fast-insert.suite.ts). Called only by
// lib/questions/request-writes.ts (eslint.config.mjs: one writer per row).
import { isPostgres } from "../provider";
import type { EventRow } from "../types";
import { insertCreatePg } from "./pg";
import type { CreateWrite } from "./rows";
import { insertCreateSqlite } from "./sqlite";

export type { CreateWrite } from "./rows";
export { changeFast, type FastChange } from "./change";

/** Commits the create in one transaction and returns its event row; a unique violation is P2002. */
export function insertCreate(w: CreateWrite): Promise<EventRow> {
  return isPostgres() ? insertCreatePg(w) : insertCreateSqlite(w);
}
