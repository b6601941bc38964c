// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass.
// Served by the front (lib/api/front.ts) and, the same code, by the Next route file.
import { ROUTES } from "../routes";
import { apiRoute } from "../handler";
import { jsonText } from "../front-reply";
import { AppError } from "../../errors";
import { hub } from "../../events/hub";
import { waits } from "../../events/waits";
import { waitForRequestText } from "../../questions/wait";
import type { Scope } from "../../questions/read";
import { hasScope } from "../../auth/principal";

export const getRequest = apiRoute(ROUTES.getRequest, ({ req, principal, scope, params, query }) => {
  // Not async itself: the context object (URL, closures) is not kept alive by an open wait.
  // A token that may ask is the agent's: its reads and waits count as the agent's presence.
  return respond(req, principal.tokenId, scope, params.id, query().wait, hasScope(principal, "ask"));
});

async function respond(req: Request, tokenId: string, scope: Scope, id: string, wait: number, agent: boolean): Promise<Response> {
  // A long-poll holds a lease: counted toward WAITS_PER_TOKEN, ended when the token is revoked.
  const lease = wait > 0 ? waits.forToken(tokenId, req.signal) : null;
  try {
    const view = await waitForRequestText(scope, id, wait * 1000, lease ?? req.signal, agent);
    if (lease?.revoked) throw new AppError("unauthorized", "The token was revoked.", undefined, { "www-authenticate": "Bearer" });
    // How many waits sit parked on it here: lets a client (and the wake-up tests) know a waiter is
    // in place before it answers, instead of guessing with a sleep.
    return jsonText(req, view.text, 200, { etag: `"v${view.version}"`, "parked-waits": String(hub.parked(id)) });
  } finally {
    lease?.release();
  }
}
