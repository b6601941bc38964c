// The one Slack message of a request, and the modals its buttons open. Controls by kind: few
// options as buttons, more as a select, multi-select as checkboxes with Submit, text / Other /
// notes and several questions through "Answer…" (a modal), approvals as Approve / Approve always
// / Deny (a modal for the note). A secret question never gets an input: "Answer in the app" only.
// Once resolved, the controls are gone and the message says what was decided and by whom.
import { requestLink } from "../notify/payload";
import { DECISION_DONE, DECISION_LABEL, describeAction } from "../questions/action-format";
import type { Answer, Decision, Question, QuestionRequest } from "../questions/schemas";
import { clip, esc, LIMIT, mrkdwn, plain } from "./text";

type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };
/** What every action carries: the request, the question, and an option index. */
export type ActionValue = { r: string; q?: string; o?: number };

const BUTTON_OPTIONS = 5;
const CHECKBOX_OPTIONS = 10;
const MESSAGE_QUESTIONS = 10;

const value = (v: ActionValue) => JSON.stringify(v);
const button = (text: string, action_id: string, v: ActionValue, style?: "primary" | "danger") => ({
  type: "button",
  text: plain(text, LIMIT.button),
  action_id,
  value: value(v),
  ...(style ? { style } : {}),
});
const linkButton = (text: string, url: string) => ({ type: "button", text: plain(text, LIMIT.button), action_id: "open", url });
const option = (label: string, i: number) => ({ text: plain(label, LIMIT.option), value: String(i) });

/** Where a request can only be answered in the app: a secret question, or approvals kept app-only. */
export function appOnly(r: QuestionRequest, approvalsInApp: boolean): string | null {
  if (r.questions.some((q) => q.secret)) return "It asks for a secret: answer it in the app.";
  if (approvalsInApp && r.questions.some((q) => q.kind === "approval")) return "This team decides approvals in the app.";
  return null;
}

function title(r: QuestionRequest): string {
  return r.title || r.questions[0]?.header || "Question";
}

function questionText(q: Question): string {
  let text = `*${esc(q.header)}*\n${esc(q.prompt)}`;
  if (q.kind === "approval" && q.action) {
    const a = describeAction(q.action);
    const body = a.kind === "command" ? a.command : a.kind === "diff" ? a.diff : a.json;
    text += `\n_${esc(q.action.tool)}_\n\`\`\`${esc(clip(body, 1500))}\`\`\``;
  }
  if (q.options.length && q.kind !== "approval") text += `\n${q.options.map((o) => `• ${esc(o.label)}`).join("\n")}`;
  return text;
}

/** Inline controls for a request of one question (several questions: the modal). */
function inlineControls(r: QuestionRequest, q: Question): Block[] {
  const v = (o?: number): ActionValue => ({ r: r.id, q: q.id, ...(o === undefined ? {} : { o }) });
  if (q.kind === "approval") {
    const buttons = [button(DECISION_LABEL.approve, "approve", v(), "primary")];
    if (q.allowAlways) buttons.push(button(DECISION_LABEL.approve_always, "approve_always", v()));
    buttons.push(button(`${DECISION_LABEL.deny}…`, "deny", v(), "danger"));
    return [{ type: "actions", block_id: `${r.id}:decide`, elements: buttons }];
  }
  if (q.kind === "single_select") {
    if (q.options.length <= BUTTON_OPTIONS) return [{ type: "actions", block_id: `${r.id}:choose`, elements: q.options.map((o, i) => button(o.label, `opt_${i}`, v(i))) }];
    return [{ type: "actions", block_id: `${r.id}:choose`, elements: [{ type: "static_select", action_id: "select", placeholder: plain("Choose…", LIMIT.placeholder), options: q.options.map((o, i) => option(o.label, i)) }] }];
  }
  if (q.kind === "multi_select") {
    const element =
      q.options.length <= CHECKBOX_OPTIONS
        ? { type: "checkboxes", action_id: "checks", options: q.options.map((o, i) => option(o.label, i)) }
        : { type: "multi_static_select", action_id: "checks", placeholder: plain("Choose…", LIMIT.placeholder), options: q.options.map((o, i) => option(o.label, i)) };
    return [
      { type: "actions", block_id: `${r.id}:checks`, elements: [element] },
      { type: "actions", block_id: `${r.id}:submit`, elements: [button("Submit", "submit", v(), "primary")] },
    ];
  }
  return [];
}

export function pendingMessage(r: QuestionRequest, approvalsInApp: boolean): SlackMessage {
  const name = title(r);
  const blocks: Block[] = [
    { type: "header", text: plain(name, LIMIT.header) },
    { type: "context", elements: [mrkdwn(`Agent *${esc(r.agent.name)}* · needs an answer`)] },
  ];
  if (r.context?.trim()) blocks.push({ type: "section", text: mrkdwn(`>${esc(clip(r.context.trim(), 500)).replace(/\n/g, "\n>")}`) });
  for (const q of r.questions.slice(0, MESSAGE_QUESTIONS)) blocks.push({ type: "section", text: mrkdwn(questionText(q)) });
  if (r.questions.length > MESSAGE_QUESTIONS) blocks.push({ type: "context", elements: [mrkdwn(`…and ${r.questions.length - MESSAGE_QUESTIONS} more questions`)] });
  if (r.approvals) blocks.push({ type: "context", elements: [mrkdwn(`${r.approvals.votes.length} of ${r.approvals.required} approvals`)] });
  const only = appOnly(r, approvalsInApp);
  if (only) {
    blocks.push({ type: "context", elements: [mrkdwn(only)] }, { type: "actions", block_id: `${r.id}:links`, elements: [linkButton("Answer in the app", requestLink(r.id))] });
  } else {
    const single = r.questions.length === 1 ? r.questions[0]! : null;
    if (single) blocks.push(...inlineControls(r, single));
    const needsModal = !single || single.kind !== "approval";
    const elements = [
      ...(needsModal ? [button(single?.kind === "freeform" ? "Answer…" : "Answer… (text, Other, notes)", "answer", { r: r.id })] : []),
      linkButton("Open in the app", requestLink(r.id)),
    ];
    blocks.push({ type: "actions", block_id: `${r.id}:links`, elements });
  }
  return { text: clip(`${r.agent.name}: ${name} needs an answer`, LIMIT.text), blocks };
}

const STATUS_DONE: Record<string, string> = { answered: "Answered", rejected: "Rejected", cancelled: "Cancelled", expired: "Expired" };

/** One answer as it reads in Slack: never a secret value (the view holds none anyway). */
export function answerText(q: Question, a: Answer | undefined): string {
  if (!a || a.skipped) return "_skipped_";
  if (q.secret) return "_secret, given in the app_";
  const parts: string[] = [];
  if (q.kind === "approval") parts.push(DECISION_DONE[a.decision ?? "deny"]);
  parts.push(...a.selected.map(esc));
  if (a.custom) parts.push(`Other: ${esc(a.custom)}`);
  if (a.text) parts.push(esc(clip(a.text, 1000)));
  const note = a.note ? `\n_Note:_ ${esc(clip(a.note, 500))}` : "";
  return `${parts.join(", ") || "—"}${note}`;
}

export function resolvedMessage(r: QuestionRequest): SlackMessage {
  const name = title(r);
  const status = STATUS_DONE[r.status] ?? r.status;
  const by = r.resolvedBy && r.resolvedBy !== "system" ? ` by ${esc(r.resolvedBy)}` : "";
  const blocks: Block[] = [
    { type: "header", text: plain(name, LIMIT.header) },
    { type: "context", elements: [mrkdwn(`Agent *${esc(r.agent.name)}* · *${status}*${by}`)] },
  ];
  const response = r.response;
  if (response && "answers" in response) {
    for (const q of r.questions.slice(0, MESSAGE_QUESTIONS)) blocks.push({ type: "section", text: mrkdwn(`*${esc(q.header)}*: ${answerText(q, response.answers[q.id])}`) });
  } else if (response && "rejection" in response) {
    blocks.push({ type: "section", text: mrkdwn(`_${esc(clip(response.rejection.message, 1000))}_`) });
  }
  blocks.push({ type: "context", elements: [mrkdwn(`<${requestLink(r.id)}|Open in the app>`)] });
  return { text: clip(`${r.agent.name}: ${name} · ${status}${r.resolvedBy && r.resolvedBy !== "system" ? ` by ${r.resolvedBy}` : ""}`, LIMIT.text), blocks };
}

export function messageFor(r: QuestionRequest, approvalsInApp: boolean): SlackMessage {
  return r.status === "pending" ? pendingMessage(r, approvalsInApp) : resolvedMessage(r);
}

/** The modal that answers every question of a request at once (Other and notes included). */
export function answerModal(r: QuestionRequest, approvalsInApp: boolean): Block {
  const blocks: Block[] = [];
  for (const q of r.questions) {
    blocks.push({ type: "section", text: mrkdwn(questionText(q)) });
    const options = q.options.map((o, i) => option(o.label, i));
    const optional = q.allowCustom;
    const input = (element: Block, label: string, opt = false) => ({ type: "input", block_id: `q:${q.id}`, optional: opt, label: plain(label, LIMIT.label), element: { ...element, action_id: "value" } });
    if (q.kind === "freeform") blocks.push(input({ type: "plain_text_input", multiline: true, max_length: LIMIT.input }, q.header));
    else if (q.kind === "single_select") blocks.push(input(q.options.length <= CHECKBOX_OPTIONS ? { type: "radio_buttons", options } : { type: "static_select", options }, q.header, optional));
    else if (q.kind === "multi_select") blocks.push(input(q.options.length <= CHECKBOX_OPTIONS ? { type: "checkboxes", options } : { type: "multi_static_select", options }, q.header, optional));
    else if (!approvalsInApp) {
      const kinds: Decision[] = ["approve", ...(q.allowAlways ? (["approve_always"] as const) : []), "deny"];
      const decisions = kinds.map((d) => ({ text: plain(DECISION_LABEL[d], LIMIT.option), value: d }));
      blocks.push(input({ type: "radio_buttons", options: decisions }, q.header));
    }
    if (q.allowCustom && q.kind !== "approval" && q.kind !== "freeform") {
      blocks.push({ type: "input", block_id: `o:${q.id}`, optional: true, label: plain("Other", LIMIT.label), element: { type: "plain_text_input", action_id: "value", max_length: 2000 } });
    }
    blocks.push({ type: "input", block_id: `n:${q.id}`, optional: true, label: plain(`Note (${q.header})`, LIMIT.label), element: { type: "plain_text_input", action_id: "value", multiline: true, max_length: 2000 } });
  }
  return modal("answer", { r: r.id }, title(r), blocks.slice(0, LIMIT.modalBlocks));
}

/** Deny with a note for the agent. */
export function denyModal(r: QuestionRequest, questionId: string): Block {
  const blocks = [
    { type: "section", text: mrkdwn(`Deny *${esc(title(r))}* from ${esc(r.agent.name)}?`) },
    { type: "input", block_id: `n:${questionId}`, optional: true, label: plain("Note for the agent", LIMIT.label), element: { type: "plain_text_input", action_id: "value", multiline: true, max_length: 2000 } },
  ];
  return modal("deny", { r: r.id, q: questionId }, "Deny", blocks);
}

function modal(callback_id: string, meta: ActionValue, heading: string, blocks: Block[]): Block {
  return {
    type: "modal",
    callback_id,
    private_metadata: value(meta),
    title: plain(heading, LIMIT.modalTitle),
    submit: plain(callback_id === "deny" ? "Deny" : "Submit", LIMIT.modalTitle),
    close: plain("Cancel", LIMIT.modalTitle),
    blocks,
  };
}
