// POST /api/ui/settings/teams/:teamId/invitations — invite an email with a role. An existing
// account is added at once (as before); a new one gets a single-use link, returned only here and,
// with SMTP_URL set, mailed to them (`emailed` says whether that worked).
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { normaliseEmail } from "@/lib/auth/password";
import { uiRoute } from "@/lib/auth/ui-route";
import { appLink, requestOrigin } from "@/lib/config/public-url";
import { db } from "@/lib/db/client";
import { createInvitation } from "@/lib/invitations/invitations";
import { mailInvitation } from "@/lib/invitations/mail";
import { CreateInvitationBody } from "@/lib/invitations/schemas";
import { requireTeamAdmin } from "@/lib/settings/access";
import { addMember } from "@/lib/teams/members";

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
