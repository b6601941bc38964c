// GET /api/ui/settings/teams/:teamId/rules — the team's rules with hit counts (leads, admins).
// POST — save a rule: team-wide (leads, admins) or for one agent session (any reviewer).
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireMayCreate, requireRulesManager } from "@openoxide/questions-core/rules/access";
import { CreateRuleBody } from "@openoxide/questions-core/rules/schemas";
import { createRule, listRules } from "@openoxide/questions-core/rules/store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = uiRoute<{ teamId: string }>("lead", async ({ user, params }) => {
  requireRulesManager(user, params.teamId);
  return json({ data: await listRules(params.teamId) });
});

export const POST = uiRoute<{ teamId: string }>("reviewer", async ({ req, user, params, who }) => {
  const { value } = await readJson(req, CreateRuleBody);
  requireMayCreate(user, params.teamId, value.sessionId);
  return json(await createRule(params.teamId, value, who), 201);
});
