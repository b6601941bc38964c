// GET /api/ui/settings/teams/:teamId/escalation — the team's escalation list, delay and expiry message.
// PUT — replace them (admins); the change is recorded in the audit trail.
import { readJson } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { escalationSettings, EscalationBody, setEscalationSettings } from "@openoxide/questions-core/escalation/settings";
import { escalation } from "@openoxide/questions-core/escalation/timer";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";

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
