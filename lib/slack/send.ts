// One Slack delivery: request.created posts the request's one message (chat.postMessage) and
// keeps its ts; every later change edits that message (chat.update). Both show the request as it
// is now (read at send time), so a retry or a late post never shows a stale state.
import { db } from "../db/client";
import { SECRET_META, toView } from "../questions/view";
import { messageFor } from "./blocks";
import { slackClient, slackError } from "./client";
import { slackCredentials } from "./store";

export type SlackOutcome = { kind: "sent"; detail: string } | { kind: "skipped"; error: string } | { kind: "retry"; error: string; retryAfterMs: number | null };

export async function sendSlack(teamId: string, requestId: string, type: string): Promise<SlackOutcome> {
  const creds = await slackCredentials(teamId);
  if (!creds) return { kind: "skipped", error: "no Slack app is connected" };
  const row = await db().questionRequest.findUnique({ where: { id: requestId }, include: { secrets: { select: SECRET_META } } });
  if (!row) return { kind: "skipped", error: "the request was deleted" };
  const message = messageFor(toView(row, row.secrets), creds.approvalsInApp);
  const posted = await db().slackMessage.findUnique({ where: { requestId } });
  const client = slackClient(creds.botToken);
  try {
    if (type === "request.created") {
      if (posted) return { kind: "sent", detail: `already posted (ts ${posted.ts})` };
      const r = await client.chat.postMessage({ channel: creds.channel, text: message.text, blocks: message.blocks as never, unfurl_links: false });
      await db().slackMessage.create({ data: { requestId, teamId, channel: r.channel ?? creds.channel, ts: r.ts ?? "" } });
      return { kind: "sent", detail: `posted (ts ${r.ts})` };
    }
    if (!posted) {
      // Its post is still to come (retrying): wait for it; never posted (connected later): nothing to edit.
      const post = await db().delivery.findUnique({ where: { dedupe: `slack:${requestId}` }, select: { status: true } });
      if (post?.status === "pending") return { kind: "retry", error: "the request's message is not posted yet", retryAfterMs: null };
      return { kind: "skipped", error: "the request's message was never posted" };
    }
    await client.chat.update({ channel: posted.channel, ts: posted.ts, text: message.text, blocks: message.blocks as never });
    return { kind: "sent", detail: `updated (ts ${posted.ts})` };
  } catch (e) {
    const { message: error, retryAfterSeconds } = slackError(e);
    return { kind: "retry", error, retryAfterMs: retryAfterSeconds === null ? null : retryAfterSeconds * 1000 };
  }
}
