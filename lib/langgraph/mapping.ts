// A LangGraph interrupt as an inbox request, and the reviewer's decision as the resume value the
// graph expects. Three forms are recognised:
// - LangChain v1 human-in-the-loop (`actionRequests`/`reviewConfigs`, or the Python spelling
//   `action_requests`/`review_configs`): one approval per action, resumed with `{decisions: […]}`;
// - Agent Inbox's `HumanInterrupt` (`action_request`, `config.allow_*`), alone or in a list of one:
//   approve / edit / respond / ignore, resumed with a `HumanResponse` in the same wrapping;
// - anything else: a freeform question showing the value, resumed with the reviewer's text.
import type { Answer, CreateRequestBody, QuestionRequest } from "../questions/schemas";
import { LIMITS } from "../questions/schemas";

type Json = unknown;
type Obj = Record<string, unknown>;
type HitlDecision = "approve" | "edit" | "reject";

/** What the answer needs to know about the interrupt to go back in its own form. */
export type Shape =
  | { kind: "hitl"; snake: boolean; actions: Array<{ name: string; allowed: HitlDecision[] }> }
  | { kind: "agent_inbox"; list: boolean; action: string; allowAccept: boolean; allowEdit: boolean; allowRespond: boolean; allowIgnore: boolean }
  | { kind: "value" };

export type Where = { url: string; graph: string; threadId: string };
export type Asked = { body: CreateRequestBody; shape: Shape };

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
const header = (s: string) => clip(s.trim() || "Action", LIMITS.header);
const json = (v: unknown) => JSON.stringify(v, null, 2) ?? "null";

/** A short, specific title: a shell command as itself, else the action and its arguments. */
function actionTitle(name: string, args: unknown): string {
  const command = isObj(args) && typeof args.command === "string" ? args.command : null;
  const text = command ?? `${name} ${JSON.stringify(args ?? {})}`;
  return clip(text.replace(/\s+/g, " ").trim(), LIMITS.title);
}

function context(where: Where, extra: string): string {
  const lines = [`LangGraph deployment ${where.url}, graph \`${where.graph}\`, thread \`${where.threadId}\`.`];
  if (extra) lines.push("", extra);
  return clip(lines.join("\n"), LIMITS.context);
}

const agent = (where: Where) => ({ name: clip(where.graph, 100), sessionId: clip(where.threadId, 200) });

function hitlOf(value: Json): { snake: boolean; actions: Obj[]; configs: Obj[] } | null {
  if (!isObj(value)) return null;
  const camel = Array.isArray(value.actionRequests);
  const snake = Array.isArray(value.action_requests);
  if (!camel && !snake) return null;
  const actions = ((camel ? value.actionRequests : value.action_requests) as unknown[]).filter(isObj);
  const configs = ((camel ? value.reviewConfigs : value.review_configs) as unknown[] | undefined)?.filter(isObj) ?? [];
  if (actions.length === 0 || actions.length > LIMITS.internal.maxQuestions) return null;
  return { snake: !camel, actions, configs };
}

function agentInboxOf(value: Json): { list: boolean; item: Obj } | null {
  const list = Array.isArray(value);
  const item = list ? (value.length === 1 ? value[0] : null) : value;
  if (!isObj(item) || !isObj(item.action_request) || !isObj(item.config)) return null;
  return { list, item };
}

export function toRequest(value: Json, where: Where): Asked {
  const hitl = hitlOf(value);
  if (hitl) return hitlRequest(hitl, where);
  const inbox = agentInboxOf(value);
  if (inbox) return agentInboxRequest(inbox, where);
  return valueRequest(value, where);
}

function hitlRequest(h: { snake: boolean; actions: Obj[]; configs: Obj[] }, where: Where): Asked {
  const actions = h.actions.map((a, i) => {
    const name = typeof a.name === "string" && a.name.trim() ? a.name : `action ${i + 1}`;
    const config = h.configs.find((c) => (c.actionName ?? c.action_name) === name);
    const raw = (config?.allowedDecisions ?? config?.allowed_decisions) as unknown;
    const allowed = (Array.isArray(raw) ? raw : ["approve", "edit", "reject"]).filter((d): d is HitlDecision => d === "approve" || d === "edit" || d === "reject");
    return { name, args: a.args ?? {}, description: typeof a.description === "string" ? a.description : "", allowed };
  });
  const questions = actions.map((a, i) => ({
    id: `action${i + 1}`,
    header: header(a.name),
    prompt: clip(a.description.trim() || `Allow ${a.name}?`, LIMITS.prompt),
    kind: "approval" as const,
    action: { tool: clip(a.name, LIMITS.tool), input: a.args, ...(a.description.trim() ? { summary: clip(a.description.trim(), LIMITS.summary) } : {}) },
    allowEdit: a.allowed.includes("edit"),
    allowAlways: false,
  }));
  const noReject = actions.filter((a) => !a.allowed.includes("reject")).map((a) => a.name);
  const note = noReject.length ? `The graph accepts no rejection for ${noReject.join(", ")}: denying leaves the thread interrupted.` : "";
  return {
    body: {
      source: "internal",
      mode: "interactive",
      title: actionTitle(actions[0]!.name, actions[0]!.args),
      context: context(where, note),
      agent: agent(where),
      questions,
    },
    shape: { kind: "hitl", snake: h.snake, actions: actions.map((a) => ({ name: a.name, allowed: a.allowed })) },
  };
}

function agentInboxRequest(x: { list: boolean; item: Obj }, where: Where): Asked {
  const request = x.item.action_request as Obj;
  const config = x.item.config as Obj;
  const action = typeof request.action === "string" && request.action.trim() ? request.action : "action";
  const description = typeof x.item.description === "string" ? x.item.description.trim() : "";
  const shape: Shape = {
    kind: "agent_inbox",
    list: x.list,
    action,
    allowAccept: config.allow_accept === true,
    allowEdit: config.allow_edit === true,
    allowRespond: config.allow_respond === true,
    allowIgnore: config.allow_ignore === true,
  };
  const questions: CreateRequestBody["questions"] = [];
  if (shape.allowAccept || shape.allowEdit) {
    questions.push({
      id: "action",
      header: header(action),
      prompt: clip(description || `Allow ${action}?`, LIMITS.prompt),
      kind: "approval",
      action: { tool: clip(action, LIMITS.tool), input: request.args ?? {}, ...(description ? { summary: clip(description, LIMITS.summary) } : {}) },
      allowEdit: shape.allowEdit,
      allowAlways: false,
    });
  }
  if (shape.allowRespond || questions.length === 0) {
    questions.push({
      id: "respond",
      header: "Respond",
      prompt: clip(questions.length ? "Or answer in words instead (sent to the graph as your response)." : description || `Respond to ${action}`, LIMITS.prompt),
      kind: "freeform",
    });
  }
  return {
    body: {
      source: "internal",
      mode: "interactive",
      title: clip(description.split("\n")[0] || actionTitle(action, request.args), LIMITS.title),
      context: context(where, `\`\`\`json\n${clip(json(request.args ?? {}), 20_000)}\n\`\`\``),
      agent: agent(where),
      questions,
    },
    shape,
  };
}

function valueRequest(value: Json, where: Where): Asked {
  const text = typeof value === "string" ? value : isObj(value) ? [value.question, value.prompt, value.message].find((v) => typeof v === "string") : undefined;
  const prompt = typeof text === "string" && text.trim() ? text.trim() : "The graph is waiting for a value.";
  const shown = typeof value === "string" ? "" : `The interrupt's value:\n\n\`\`\`json\n${clip(json(value), 20_000)}\n\`\`\``;
  return {
    body: {
      source: "internal",
      mode: "interactive",
      title: clip(prompt.split("\n")[0]!, LIMITS.title),
      context: context(where, `${shown}${shown ? "\n\n" : ""}Your answer is sent as the resume value: text, or JSON when it parses as JSON.`),
      agent: agent(where),
      questions: [{ id: "answer", header: "Answer", prompt: clip(prompt, LIMITS.prompt), kind: "freeform" }],
    },
    shape: { kind: "value" },
  };
}

/** No resume: the graph cannot take what was decided, so its thread is left as it is. */
export const LEAVE = Symbol("leave");

/** The resume value for a terminal request, or LEAVE. */
export function toResume(shape: Shape, request: Pick<QuestionRequest, "status" | "response">): unknown {
  const response = request.response;
  const answers = response && "answers" in response ? response.answers : null;
  const reason = response && "rejection" in response ? response.rejection.message : "Not approved.";
  if (shape.kind === "hitl") return hitlResume(shape, answers, reason);
  if (shape.kind === "agent_inbox") return agentInboxResume(shape, answers);
  const text = answers?.answer?.text;
  if (typeof text !== "string") return LEAVE;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" || typeof parsed === "number" || typeof parsed === "boolean" ? parsed : text;
  } catch {
    return text;
  }
}

function hitlResume(shape: Extract<Shape, { kind: "hitl" }>, answers: Record<string, Answer> | null, reason: string): unknown {
  const decisions: Obj[] = [];
  for (const [i, action] of shape.actions.entries()) {
    const a = answers?.[`action${i + 1}`];
    const approved = a && !a.skipped && (a.decision === "approve" || a.decision === "approve_always");
    if (approved && a.editedInput !== undefined && action.allowed.includes("edit")) {
      const edited = { name: action.name, args: a.editedInput };
      decisions.push(shape.snake ? { type: "edit", edited_action: edited } : { type: "edit", editedAction: edited });
    } else if (approved) {
      decisions.push({ type: "approve" });
    } else {
      if (!action.allowed.includes("reject")) return LEAVE;
      const message = a?.note?.trim() || (answers ? "Denied by the reviewer." : reason);
      decisions.push({ type: "reject", message });
    }
  }
  return { decisions };
}

function agentInboxResume(shape: Extract<Shape, { kind: "agent_inbox" }>, answers: Record<string, Answer> | null): unknown {
  const wrap = (r: Obj) => (shape.list ? [r] : r);
  const text = answers?.respond?.text?.trim();
  if (text) return wrap({ type: "response", args: text });
  const a = answers?.action;
  const approved = a && !a.skipped && (a.decision === "approve" || a.decision === "approve_always");
  if (approved && a.editedInput !== undefined && shape.allowEdit) return wrap({ type: "edit", args: { action: shape.action, args: a.editedInput } });
  if (approved && shape.allowAccept) return wrap({ type: "accept", args: null });
  return shape.allowIgnore ? wrap({ type: "ignore", args: null }) : LEAVE;
}
