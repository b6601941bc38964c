// GET /api/ui/settings/teams/:teamId/escalation — the team's escalation list, delay and expiry message.
// PUT — replace them (admins); the change is recorded in the audit trail.
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { uiRoute } from "@/lib/auth/ui-route";
import { escalationSettings, EscalationBody, setEscalationSettings } from "@/lib/escalation/settings";
import { escalation } from "@/lib/escalation/timer";
import { requireTeamAdmin } from "@/lib/settings/access";

export const runtime = "nodejs";

export const GET = uiRoute<{ teamId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json(await escalationSettings(teamId));
});

export const PUT = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, EscalationBody);
  const saved = await setEscalationSettings(teamId, value, who);
  void escalation.run(); // requests already past the new delay escalate now
  return json(saved);
});
