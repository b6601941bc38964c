// POST /api/ui/settings/teams/:teamId/invitations — invite an email with a role. An existing
// account is added at once (as before); a new one gets a single-use link, returned only here and,
// with SMTP_URL set, mailed to them (`emailed` says whether that worked).
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { normaliseEmail } from "@/lib/auth/password";
import { uiRoute } from "@/lib/auth/ui-route";
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
  const link = new URL(`/invite/${token}`, publicOrigin(req, url)).toString();
  const team = user.memberships.find((m) => m.teamId === teamId);
  const emailed = await mailInvitation({ to: email, teamName: team?.teamName ?? "your team", role: value.role, link, expiresAt: invitation.expiresAt, invitedBy: user.name || user.email });
  return json({ kind: "invited", invitation, link, emailed }, 201);
});

/** The origin people reach this app on: PUBLIC_URL or NEXTAUTH_URL when set, else the host of this request. */
function publicOrigin(req: Request, url: URL): string {
  const configured = process.env.PUBLIC_URL || process.env.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const host = req.headers.get("host");
  return host ? `${url.protocol}//${host}` : url.origin;
}
