// A team's escalation and expiry settings (Settings, admins): after how long a pending request
// is escalated, to whom (members by email, team webhooks — a Slack channel is a `format: slack`
// webhook), and what the agent is told when a request expires. Expiry is always a rejection:
// there is no setting that could turn it into an approval.
import { z } from "zod";
import { auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { db } from "../db/client";
import { validationError } from "../errors";

export const MAX_ESCALATE_SECONDS = 7 * 24 * 3600;

export const EscalationBody = z.object({
  escalateAfterSeconds: z.number().int().min(1).max(MAX_ESCALATE_SECONDS).nullable(),
  emails: z.array(z.string().trim().toLowerCase().max(254)).max(20).default([]),
  webhookIds: z.array(z.string().max(64)).max(10).default([]),
  expiryMessage: z.string().trim().max(500).nullable().default(null),
});
export type EscalationInput = z.input<typeof EscalationBody>;

export type EscalationSettings = {
  escalateAfterSeconds: number | null;
  emails: string[];
  webhookIds: string[];
  expiryMessage: string | null;
};

/** What is stored in Team.escalation. */
export type EscalationList = { userIds: string[]; webhookIds: string[] };

export function parseList(raw: string | null): EscalationList {
  if (!raw) return { userIds: [], webhookIds: [] };
  const v = JSON.parse(raw) as Partial<EscalationList>;
  return { userIds: v.userIds ?? [], webhookIds: v.webhookIds ?? [] };
}

export async function escalationSettings(teamId: string): Promise<EscalationSettings> {
  const team = await db().team.findUniqueOrThrow({ where: { id: teamId }, select: { escalateAfterSeconds: true, escalation: true, expiryMessage: true } });
  const list = parseList(team.escalation);
  const users = await db().user.findMany({ where: { id: { in: list.userIds } }, select: { email: true } });
  return { escalateAfterSeconds: team.escalateAfterSeconds, emails: users.map((u) => u.email).sort(), webhookIds: list.webhookIds, expiryMessage: team.expiryMessage };
}

/** Saves the settings: every email must be a member and every webhook the team's (422 naming the entry otherwise). */
export async function setEscalationSettings(teamId: string, input: z.output<typeof EscalationBody>, who: AuditWho): Promise<EscalationSettings> {
  const emails = [...new Set(input.emails)];
  const webhookIds = [...new Set(input.webhookIds)];
  const members = await db().membership.findMany({ where: { teamId, user: { email: { in: emails } } }, select: { userId: true, user: { select: { email: true } } } });
  const errors = emails.flatMap((e, i) => (members.some((m) => m.user.email === e) ? [] : [{ path: `emails[${i}]`, message: `${e} is not a member of this team` }]));
  const hooks = await db().webhook.findMany({ where: { teamId, id: { in: webhookIds } }, select: { id: true } });
  webhookIds.forEach((id, i) => {
    if (!hooks.some((h) => h.id === id)) errors.push({ path: `webhookIds[${i}]`, message: "no such webhook in this team" });
  });
  if (errors.length) throw validationError(errors, errors[0]!.message);
  const list: EscalationList = { userIds: members.map((m) => m.userId), webhookIds };
  const expiryMessage = input.expiryMessage || null;
  await db().$transaction([
    db().team.update({ where: { id: teamId }, data: { escalateAfterSeconds: input.escalateAfterSeconds, escalation: JSON.stringify(list), expiryMessage } }),
    ...auditWrites(db(), {
      ...who,
      teamId,
      action: "settings.escalation",
      details: { escalateAfterSeconds: input.escalateAfterSeconds, emails, webhookIds, expiryMessage },
    }),
  ]);
  return { escalateAfterSeconds: input.escalateAfterSeconds, emails: emails.sort(), webhookIds, expiryMessage };
}
