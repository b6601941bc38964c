// DELETE /api/ui/settings/teams/:teamId/invitations/:invitationId — withdraw an open invitation.
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { revokeInvitation } from "@/lib/invitations/invitations";
import { requireTeamAdmin } from "@/lib/settings/access";
import { EmptyBody } from "@/lib/settings/schemas";

export const runtime = "nodejs";

export const DELETE = uiRoute<{ teamId: string; invitationId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await revokeInvitation(teamId, params.invitationId, who);
  return new Response(null, { status: 204 });
});
