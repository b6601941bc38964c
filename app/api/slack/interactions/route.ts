// POST /api/slack/interactions — Slack's interactivity request URL (buttons, selects, modals).
// Verified with the team's signing secret before anything is read or changed (lib/slack/interactions.ts).
import { readLimited } from "@openoxide/questions-core/api/body";
import { publicRoute } from "@openoxide/questions-core/api/core";
import { handleInteraction } from "@openoxide/questions-core/slack/interactions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = publicRoute(async ({ req }) => handleInteraction(await readLimited(req), req.headers));
