// POST /api/v1/requests/:id/reply and /reject — a reviewer answers (or declines) a request. Realtime
// routes: the reply is what a waiting agent's answer latency starts from, and through Next's route
// pipeline it cost a millisecond and more of CPU before the commit (docs/decisions.md "Answer latency").
import { parseIfMatch } from "../../api/if-match";
import { jsonReply } from "../../api/problem";
import { ROUTES } from "../../api/routes";
import { actorLabel } from "../../auth/principal";
import { rejectRequest as reject, replyToRequest as reply } from "../../questions/actions";
import { headerOf } from "../headers";
import { realtimeRoute } from "../route";

/**
 * The waits a decision woke answer their agents before the reviewer's response is written: an MCP
 * call's answer takes more steps than a long-poll's and was queued behind the response's work.
 */
const waitersFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

export const replyToRequest = realtimeRoute(ROUTES.replyToRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(headerOf(req, "if-match"));
  const { value } = await body();
  const view = await reply({ scope, id: params.id, reply: value, actor: actorLabel(principal), address, expectVersion });
  await waitersFirst();
  return jsonReply(view);
});

export const rejectRequest = realtimeRoute(ROUTES.rejectRequest, async ({ req, principal, scope, params, body, address }) => {
  const expectVersion = parseIfMatch(headerOf(req, "if-match"));
  const { value } = await body();
  const view = await reject({ scope, id: params.id, reason: value.reason, actor: actorLabel(principal), address, expectVersion });
  await waitersFirst();
  return jsonReply(view);
});
