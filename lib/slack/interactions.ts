// POST /api/slack/interactions: Slack's block_actions (button clicks, selects) and view_submission
// (modals). Nothing is read or changed before the signature is verified with the signing secret
// of the team whose request the payload names; then the Slack user is mapped to a member and the
// answer goes through exactly the inbox's path (replyToRequest: validation, versions, rules,
// quorum, audit), with the member as actor and `slack:<user id>` as the address.
import { createHash } from "node:crypto";
import type { WebClient } from "@slack/web-api";
import { db, isUniqueViolation } from "../db/client";
import { AppError, fieldErrors, type FieldError } from "../errors";
import { log } from "../log";
import { replyToRequest } from "../questions/actions";
import { ReplySchema, type QuestionRequest, type ReplyInput } from "../questions/schemas";
import { SECRET_META, toView } from "../questions/view";
import { answerModal, appOnly, denyModal, type ActionValue } from "./blocks";
import { slackClient } from "./client";
import { mayAnswer, slackMember, type SlackMember } from "./identity";
import { linkUrl } from "./link";
import { freshTimestamp, validSlackSignature } from "./signature";
import { slackCredentials } from "./store";

type Selected = { value: string };
type StateValue = { type?: string; value?: string | null; selected_option?: Selected | null; selected_options?: Selected[] };
type State = Record<string, Record<string, StateValue>>;
type Payload = {
  type: string;
  user?: { id?: string };
  trigger_id?: string;
  channel?: { id?: string };
  actions?: { action_id: string; block_id?: string; value?: string; selected_option?: Selected }[];
  state?: { values?: State };
  view?: { callback_id?: string; private_metadata?: string; state?: { values?: State } };
};

const ok = () => new Response(null, { status: 200 });
const jsonOk = (body: unknown) => Response.json(body, { status: 200 });
const refused = () => new AppError("unauthorized", "The Slack signature is missing, wrong or too old.");

function parsePayload(raw: string): Payload {
  try {
    const p = JSON.parse(new URLSearchParams(raw).get("payload") ?? "") as Payload;
    if (p && typeof p === "object" && typeof p.type === "string") return p;
  } catch {
    // below
  }
  throw refused(); // nothing we could verify
}

function parseValue(v: string | undefined): ActionValue | null {
  try {
    const parsed = JSON.parse(v ?? "") as ActionValue;
    return typeof parsed?.r === "string" ? parsed : null;
  } catch {
    return null;
  }
}

/** The request a payload is about: from the action's block id, or the modal's metadata. */
function requestIdOf(p: Payload): string | null {
  if (p.type === "view_submission") return parseValue(p.view?.private_metadata)?.r ?? null;
  const a = p.actions?.[0];
  return a?.block_id?.split(":")[0] || parseValue(a?.value)?.r || null;
}

export async function handleInteraction(raw: string, headers: Headers): Promise<Response> {
  const timestamp = headers.get("x-slack-request-timestamp");
  if (!freshTimestamp(timestamp)) throw refused();
  const payload = parsePayload(raw);
  const requestId = requestIdOf(payload);
  const row = requestId ? await db().questionRequest.findUnique({ where: { id: requestId }, include: { secrets: { select: SECRET_META } } }) : null;
  const creds = row ? await slackCredentials(row.teamId) : null;
  if (!row || !creds || !validSlackSignature(creds.signingSecret, timestamp!, raw, headers.get("x-slack-signature"))) throw refused();

  // A payload Slack sends again (a retry) is acted on once.
  const key = createHash("sha256").update(raw).digest("hex");
  try {
    await db().idempotencyRecord.create({ data: { tokenId: `slack:${row.teamId}`, key, requestHash: key, requestId: row.id, expiresAt: new Date(Date.now() + 3600_000) } });
  } catch (e) {
    if (isUniqueViolation(e)) return ok();
    throw e;
  }

  const client = slackClient(creds.botToken);
  const slackUser = payload.user?.id ?? "";
  const channel = payload.channel?.id ?? creds.channel;
  const tell = (text: string) => client.chat.postEphemeral({ channel, user: slackUser, text }).catch((e: unknown) => log.warn({ error: (e as Error).name }, "slack ephemeral message failed"));
  const view = toView(row, row.secrets);
  const ctx: Ctx = { client, teamId: row.teamId, view, slackUser, tell, approvalsInApp: creds.approvalsInApp, member: null };

  if (payload.type === "block_actions") {
    const action = payload.actions?.[0]?.action_id ?? "";
    if (action === "open" || action === "checks") return ok(); // a link, or a checkbox ticked before Submit
    if (!(await identify(ctx))) return ok();
    return onAction(ctx, payload, action);
  }
  if (payload.type === "view_submission") {
    if (!(await identify(ctx))) return jsonOk(blockErrors(payload, [{ path: "", message: "Your Slack account is not linked to a member of this team; see the message in the channel." }]));
    return onSubmit(ctx, payload);
  }
  return ok();
}

type Ctx = {
  client: WebClient;
  teamId: string;
  view: QuestionRequest;
  slackUser: string;
  approvalsInApp: boolean;
  tell: (text: string) => Promise<unknown>;
  member: SlackMember | null;
};

async function identify(ctx: Ctx): Promise<boolean> {
  const member = await slackMember(ctx.client, ctx.teamId, ctx.slackUser);
  if (member && mayAnswer(member)) {
    ctx.member = member;
    return true;
  }
  await ctx.tell(
    member
      ? "You may not answer this team's requests."
      : `Your Slack account is not linked to a member of this team, so nothing was changed. Link it once (signed in to Questions): ${linkUrl(ctx.slackUser)}`,
  );
  return false;
}

async function onAction(ctx: Ctx, p: Payload, action: string): Promise<Response> {
  const r = ctx.view;
  if (r.status !== "pending") {
    await ctx.tell(`This request is already ${r.status}${r.resolvedBy && r.resolvedBy !== "system" ? ` (by ${r.resolvedBy})` : ""}.`);
    return ok();
  }
  const only = appOnly(r, ctx.approvalsInApp);
  if (only) {
    await ctx.tell(`${only} Nothing was changed.`);
    return ok();
  }
  const a = p.actions![0]!;
  const q = r.questions.find((x) => x.id === parseValue(a.value)?.q) ?? r.questions[0]!;
  if (action === "answer" || action === "deny") {
    const modal = action === "answer" ? answerModal(r, ctx.approvalsInApp) : denyModal(r, q.id);
    await ctx.client.views.open({ trigger_id: p.trigger_id ?? "", view: modal as never });
    return ok();
  }
  let answer: ReplyInput["answers"][string] | null = null;
  if (action === "approve" || action === "approve_always") answer = { decision: action };
  else if (action === "select" || /^opt_\d+$/.test(action)) {
    const index = Number(action === "select" ? a.selected_option?.value : action.slice(4));
    const label = q.options[index]?.label;
    if (label !== undefined) answer = { selected: [label] };
  } else if (action === "submit") {
    const state = p.state?.values?.[`${r.id}:checks`]?.checks;
    answer = { selected: labels(q.options, state?.selected_options) };
  }
  if (!answer) return ok();
  try {
    const after = await answerWith(ctx, { answers: { [q.id]: answer } });
    // One vote of several: the request waits for more approvers (the message changes when it resolves).
    if (after.status === "pending" && after.approvals) await ctx.tell(`Your vote is recorded: ${after.approvals.votes.length} of ${after.approvals.required} approvals.`);
  } catch (e) {
    await ctx.tell(`${messageOf(e)} Nothing was changed.`);
  }
  return ok();
}

const labels = (options: { label: string }[], selected: Selected[] | undefined) =>
  (selected ?? []).map((s) => options[Number(s.value)]?.label).filter((l): l is string => l !== undefined);

async function onSubmit(ctx: Ctx, p: Payload): Promise<Response> {
  const r = ctx.view;
  const meta = parseValue(p.view?.private_metadata);
  const values = p.view?.state?.values ?? {};
  const text = (block: string) => values[block]?.value?.value?.trim() || null;
  const only = r.status === "pending" ? appOnly(r, ctx.approvalsInApp) : null;
  if (r.status !== "pending" || only) return jsonOk(blockErrors(p, [{ path: "", message: only ?? `This request is already ${r.status}.` }]));
  const answers: ReplyInput["answers"] = {};
  if (p.view?.callback_id === "deny") {
    const qid = meta?.q ?? "";
    answers[qid] = { decision: "deny", note: text(`n:${qid}`) };
  } else {
    for (const q of r.questions) {
      const v = values[`q:${q.id}`]?.value;
      const note = text(`n:${q.id}`);
      if (q.kind === "approval") answers[q.id] = { ...(v?.selected_option ? { decision: v.selected_option.value as "approve" } : {}), note };
      else if (q.kind === "freeform") answers[q.id] = { text: v?.value ?? null, note };
      else {
        const selected = labels(q.options, v?.selected_options ?? (v?.selected_option ? [v.selected_option] : []));
        answers[q.id] = { selected, custom: text(`o:${q.id}`), note };
      }
    }
  }
  try {
    await answerWith(ctx, { answers });
    return ok();
  } catch (e) {
    if (e instanceof AppError && e.errors?.length) return jsonOk(blockErrors(p, e.errors));
    return jsonOk(blockErrors(p, [{ path: "", message: messageOf(e) }]));
  }
}

async function answerWith(ctx: Ctx, reply: ReplyInput): Promise<QuestionRequest> {
  const parsed = ReplySchema.safeParse(reply);
  if (!parsed.success) throw new AppError("validation", "Some answers are not valid.", fieldErrors(parsed.error).map((f) => ({ ...f, path: `answers.${f.path.replace(/^answers\./, "")}` })));
  return replyToRequest({ scope: { teamId: ctx.teamId }, id: ctx.view.id, reply: parsed.data, actor: ctx.member!.email, address: `slack:${ctx.slackUser}` });
}

function messageOf(e: unknown): string {
  if (e instanceof AppError) return e.errors?.length ? e.errors.map((f) => f.message).join("; ") : (e.detail ?? e.message);
  log.error({ error: (e as Error)?.name }, "slack interaction failed");
  return "Something went wrong.";
}

/** Slack's `response_action: errors`: each message on the block it is about (else the first input). */
function blockErrors(p: Payload, errors: FieldError[]): { response_action: "errors"; errors: Record<string, string> } {
  const blocks = Object.keys(p.view?.state?.values ?? {});
  const out: Record<string, string> = {};
  for (const f of errors) {
    const [, qid, field] = /^answers\.([^.]+)\.?([a-zA-Z]*)/.exec(f.path) ?? [];
    const prefix = field === "custom" ? "o" : field === "note" ? "n" : "q";
    const wanted = qid ? `${prefix}:${qid}` : "";
    const block = blocks.includes(wanted) ? wanted : (blocks.find((b) => qid && b.endsWith(`:${qid}`)) ?? blocks[0] ?? "q");
    out[block] = out[block] ? `${out[block]}; ${f.message}` : f.message;
  }
  return { response_action: "errors", errors: out };
}
