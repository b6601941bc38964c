// POST /api/ui/settings/teams/:teamId/invitations — invite an email with a role. An existing
// account is added at once (as before); a new one gets a single-use link, returned only here and,
// with SMTP_URL set, mailed to them (`emailed` says whether that worked).
import { readJson } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { normaliseEmail } from "@openoxide/questions-core/auth/password";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { appLink, requestOrigin } from "@openoxide/questions-core/config/public-url";
import { db } from "@openoxide/questions-core/db/client";
import { createInvitation } from "@openoxide/questions-core/invitations/invitations";
import { mailInvitation } from "@openoxide/questions-core/invitations/mail";
import { CreateInvitationBody } from "@openoxide/questions-core/invitations/schemas";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { addMember } from "@openoxide/questions-core/teams/members";

export const runtime = "nodejs";

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, url, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, CreateInvitationBody);
  const email = normaliseEmail(value.email);
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) {
    await addMember(teamId, { email, role: value.role }, who);
    return json({ kind: "added", email }, 201);
  }
  const { invitation, token } = await createInvitation({ teamId, email, role: value.role, createdBy: user.id }, who);
  const link = appLink(`/invite/${token}`, requestOrigin(req.headers, url));
  const team = user.memberships.find((m) => m.teamId === teamId);
  const emailed = await mailInvitation({ to: email, teamName: team?.teamName ?? "your team", role: value.role, link, expiresAt: invitation.expiresAt, invitedBy: user.name || user.email });
  return json({ kind: "invited", invitation, link, emailed }, 201);
});
