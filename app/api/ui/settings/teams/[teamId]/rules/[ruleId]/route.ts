// PATCH /api/ui/settings/teams/:teamId/rules/:ruleId — edit the match, scope or expiry; pause or resume.
// DELETE — remove the rule (requests it decided keep `resolvedBy: rule:<id>`).
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireRulesManager } from "@openoxide/questions-core/rules/access";
import { UpdateRuleBody } from "@openoxide/questions-core/rules/schemas";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { deleteRule, updateRule } from "@openoxide/questions-core/rules/store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { teamId: string; ruleId: string };

export const PATCH = uiRoute<Params>("lead", async ({ req, user, params, who }) => {
  requireRulesManager(user, params.teamId);
  const { value } = await readJson(req, UpdateRuleBody);
  return json(await updateRule(params.teamId, params.ruleId, value, who));
});

export const DELETE = uiRoute<Params>("lead", async ({ req, user, params, who }) => {
  requireRulesManager(user, params.teamId);
  await readJson(req, EmptyBody);
  await deleteRule(params.teamId, params.ruleId, who);
  return new Response(null, { status: 204 });
});
