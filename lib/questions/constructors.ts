// The two constructors (SPEC §2): `model_tool` is what an LLM may send, `internal` what the agent
// runtime itself may send. Same shape, different limits; the result is a normalised Question[].
import { validationError, type FieldError } from "../errors";
import { LIMITS, type CreateRequestBody, type Question } from "./schemas";

type Source = CreateRequestBody["source"];
type QuestionInput = CreateRequestBody["questions"][number];

export function buildQuestions(source: Source, input: CreateRequestBody["questions"]): Question[] {
  const limits = LIMITS[source];
  const errors: FieldError[] = [];
  if (input.length < limits.minQuestions || input.length > limits.maxQuestions) {
    errors.push({
      path: "questions",
      message: `${source} requests take ${limits.minQuestions}–${limits.maxQuestions} questions, got ${input.length}`,
    });
  }
  const seenIds = new Set<string>();
  const questions = input.map((q, i): Question => {
    const at = `questions[${i}]`;
    if (seenIds.has(q.id)) errors.push({ path: `${at}.id`, message: `duplicate question id "${q.id}"` });
    seenIds.add(q.id);
    if (q.kind === "approval") return buildApproval(source, q, at, errors);
    for (const field of ["action", "allowAlways", "allowEdit"] as const) {
      if (q[field] !== undefined) errors.push({ path: `${at}.${field}`, message: "only approval questions take this field" });
    }
    const isSelect = q.kind !== "freeform";
    const options = q.options ?? [];
    if (isSelect) {
      if (options.length < limits.minOptions || options.length > limits.maxOptions) {
        errors.push({
          path: `${at}.options`,
          message: `${source} select questions take ${limits.minOptions}–${limits.maxOptions} options, got ${options.length}`,
        });
      }
      const labels = new Set<string>();
      options.forEach((o, j) => {
        if (labels.has(o.label)) errors.push({ path: `${at}.options[${j}].label`, message: `duplicate label "${o.label}"` });
        labels.add(o.label);
      });
    } else if (q.options !== undefined) {
      errors.push({ path: `${at}.options`, message: "freeform questions take no options" });
    }
    if (q.secret && source === "model_tool") {
      errors.push({ path: `${at}.secret`, message: "model_tool requests may not ask for secrets" });
    } else if (q.secret && isSelect) {
      errors.push({ path: `${at}.secret`, message: "only freeform questions can be secret" });
    }
    if (!isSelect && q.allowCustom) {
      errors.push({ path: `${at}.allowCustom`, message: "allowCustom applies to select questions only" });
    }
    if (source === "model_tool" && q.allowCustom === false) {
      errors.push({ path: `${at}.allowCustom`, message: "model_tool requests always allow a custom answer; omit it or send true" });
    }
    const allowCustom = isSelect && (source === "model_tool" ? true : (q.allowCustom ?? false));
    return {
      id: q.id,
      header: q.header,
      prompt: q.prompt,
      kind: q.kind,
      options: isSelect ? options.map((o) => (o.description ? { label: o.label, description: o.description } : { label: o.label })) : [],
      allowCustom,
      secret: !isSelect && q.secret === true,
    };
  });
  if (errors.length) throw validationError(errors);
  return questions;
}

/** SPEC §6: the host (never the model) asks a person to allow, edit or deny one tool call. */
function buildApproval(source: Source, q: QuestionInput, at: string, errors: FieldError[]): Question {
  if (source === "model_tool") {
    errors.push({ path: `${at}.kind`, message: "only internal requests may carry approvals" });
  }
  if (!q.action) errors.push({ path: `${at}.action`, message: "required for an approval" });
  if (q.options !== undefined) errors.push({ path: `${at}.options`, message: "approvals take no options" });
  if (q.allowCustom) errors.push({ path: `${at}.allowCustom`, message: "approvals take no custom answer" });
  if (q.secret) errors.push({ path: `${at}.secret`, message: "approvals cannot be secret" });
  const action = q.action ?? { tool: "", input: null };
  return {
    id: q.id,
    header: q.header,
    prompt: q.prompt,
    kind: "approval",
    options: [],
    allowCustom: false,
    secret: false,
    action: action.summary ? { tool: action.tool, input: action.input, summary: action.summary } : { tool: action.tool, input: action.input },
    allowAlways: q.allowAlways ?? false,
    allowEdit: q.allowEdit ?? false,
  };
}
