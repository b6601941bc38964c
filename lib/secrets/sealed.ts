// The one registry of every column holding values sealed with the key ring (contract C4): the
// start-up check (a key that any sealed value needs must be present) and `keys rotate` (re-seal
// everything with the active key) both walk this list. A new sealed column is one entry here.
import { db } from "../db/client";
import { CALLBACK_OWNER, signingSecretBinding } from "../notify/secrets";
import type { SecretBinding } from "./seal";
import { apiKeyBinding } from "../langgraph/binding";
import { slackBinding, type SlackSecretKind } from "../slack/secrets";

/** The Slack app's two sealed columns, bound to their team and role. */
function slackColumn(name: string, kind: SlackSecretKind, column: "botTokenSealed" | "signingSecretSealed"): SealedColumn {
  return {
    name,
    page: async (after, take) =>
      (await db().slackApp.findMany({ where: { teamId: { gt: after } }, orderBy: { teamId: "asc" }, take })).map((r) => ({ id: r.teamId, sealed: r[column], binding: slackBinding(r.teamId, kind) })),
    replace: async (id, from, to) => (await db().slackApp.updateMany({ where: { teamId: id, [column]: from }, data: { [column]: to } })).count,
  };
}

export type SealedRow = { id: string; sealed: string; binding: SecretBinding };

export type SealedColumn = {
  /** `Table.column`, for messages. */
  name: string;
  /** Rows that hold a sealed value, in id order after `after`. */
  page: (after: string, take: number) => Promise<SealedRow[]>;
  /** Writes `to` only where the row still holds `from` (a claim, purge or rotation meanwhile wins); 1 or 0. */
  replace: (id: string, from: string, to: string) => Promise<number>;
};

export const SEALED_COLUMNS: SealedColumn[] = [
  {
    name: "SecretAnswer.sealed",
    page: async (after, take) =>
      (
        await db().secretAnswer.findMany({
          where: { sealed: { not: null }, id: { gt: after } },
          select: { id: true, sealed: true, teamId: true, requestId: true, questionId: true },
          orderBy: { id: "asc" },
          take,
        })
      ).map((r) => ({ id: r.id, sealed: r.sealed!, binding: { teamId: r.teamId, requestId: r.requestId, questionId: r.questionId } })),
    replace: async (id, from, to) => (await db().secretAnswer.updateMany({ where: { id, sealed: from }, data: { sealed: to } })).count,
  },
  {
    name: "Webhook.secretSealed",
    page: async (after, take) =>
      (
        await db().webhook.findMany({ where: { id: { gt: after } }, select: { id: true, teamId: true, secretSealed: true }, orderBy: { id: "asc" }, take })
      ).map((r) => ({ id: r.id, sealed: r.secretSealed, binding: signingSecretBinding(r.teamId, r.id) })),
    replace: async (id, from, to) => (await db().webhook.updateMany({ where: { id, secretSealed: from }, data: { secretSealed: to } })).count,
  },
  {
    name: "CallbackSecret.sealed",
    page: async (after, take) =>
      (await db().callbackSecret.findMany({ where: { teamId: { gt: after } }, orderBy: { teamId: "asc" }, take })).map((r) => ({
        id: r.teamId,
        sealed: r.sealed,
        binding: signingSecretBinding(r.teamId, CALLBACK_OWNER),
      })),
    replace: async (id, from, to) => (await db().callbackSecret.updateMany({ where: { teamId: id, sealed: from }, data: { sealed: to } })).count,
  },
  {
    name: "LangGraphDeployment.apiKeySealed",
    page: async (after, take) =>
      (
        await db().langGraphDeployment.findMany({
          where: { apiKeySealed: { not: null }, id: { gt: after } },
          select: { id: true, teamId: true, apiKeySealed: true },
          orderBy: { id: "asc" },
          take,
        })
      ).map((r) => ({ id: r.id, sealed: r.apiKeySealed!, binding: apiKeyBinding(r.teamId, r.id) })),
    replace: async (id, from, to) => (await db().langGraphDeployment.updateMany({ where: { id, apiKeySealed: from }, data: { apiKeySealed: to } })).count,
  },
  slackColumn("SlackApp.botTokenSealed", "bot-token", "botTokenSealed"),
  slackColumn("SlackApp.signingSecretSealed", "signing-secret", "signingSecretSealed"),
];

const PAGE = 1000;

/** Every sealed value in the database (or in `columns`), column by column, page by page. */
export async function* sealedRows(columns = SEALED_COLUMNS): AsyncGenerator<SealedRow & { column: string }> {
  for (const column of columns) {
    let after = "";
    for (;;) {
      const page = await column.page(after, PAGE);
      for (const r of page) yield { ...r, column: column.name };
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
  }
}
