// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass.
import { ROUTES } from "../../api/routes";
import { jsonTextReply, type Reply } from "../../api/problem";
import { hasScope } from "../../auth/principal";
import { AppError } from "../../errors";
import { hub } from "../../events/hub";
import { waits } from "../../events/waits";
import { waitForRequestText } from "../../questions/wait";
import type { Scope } from "../../questions/read";
import { realtimeRoute } from "../route";

export const getRequest = realtimeRoute(ROUTES.getRequest, ({ signal, principal, scope, params, query }) => {
  // Not async itself: the context object (request, response, URL) is not kept alive by an open wait.
  // A token that may ask is the agent's: its reads and waits count as the agent's presence.
  return respond(signal, principal.tokenId, scope, params.id, query().wait, hasScope(principal, "ask"));
});

async function respond(signal: AbortSignal, tokenId: string, scope: Scope, id: string, wait: number, agent: boolean): Promise<Reply> {
  // A long-poll holds a lease: counted toward WAITS_PER_TOKEN, ended when the token is revoked.
  const lease = wait > 0 ? waits.forToken(tokenId, signal) : null;
  try {
    const view = await waitForRequestText(scope, id, wait * 1000, lease ?? signal, agent);
    if (lease?.revoked) throw new AppError("unauthorized", "The token was revoked.", undefined, { "www-authenticate": "Bearer" });
    // How many waits sit parked on it here: lets a client (and the wake-up tests) know a waiter is
    // in place before it answers, instead of guessing with a sleep.
    return jsonTextReply(view.text, 200, { etag: `"v${view.version}"`, "parked-waits": String(hub.parked(id)) });
  } finally {
    lease?.release();
  }
}
