// DELETE /api/ui/settings/teams/:teamId/invitations/:invitationId — withdraw an open invitation.
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { revokeInvitation } from "@openoxide/questions-core/invitations/invitations";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";

export const runtime = "nodejs";

export const DELETE = uiRoute<{ teamId: string; invitationId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await revokeInvitation(teamId, params.invitationId, who);
  return new Response(null, { status: 204 });
});
