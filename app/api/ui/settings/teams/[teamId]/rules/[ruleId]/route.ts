// PATCH /api/ui/settings/teams/:teamId/rules/:ruleId — edit the match, scope or expiry; pause or resume.
// DELETE — remove the rule (requests it decided keep `resolvedBy: rule:<id>`).
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireRulesManager } from "@/lib/rules/access";
import { UpdateRuleBody } from "@/lib/rules/schemas";
import { EmptyBody } from "@/lib/settings/schemas";
import { deleteRule, updateRule } from "@/lib/rules/store";

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
