// The API's shapes as TypeScript types, named: aliases of the types generated from the OpenAPI
// document (generated/openapi.ts), so they follow the server with no hand-kept copy.
import type { components, paths } from "./generated/openapi.ts";
import type { DECISIONS, QUESTION_KINDS, STATUSES } from "./generated/limits.ts";

type S = components["schemas"];

export type QuestionRequest = S["QuestionRequest"];
export type Question = S["Question"];
export type Option = S["Option"];
export type Action = S["Action"];
export type Answer = S["Answer"];
export type Rejection = S["Rejection"];
export type Problem = S["Problem"];
export type CreateRequestInput = S["CreateRequest"];
export type QuestionInput = S["QuestionInput"];
export type AgentInput = S["Agent"];
export type ReplyInput = S["Reply"];
export type AnswerInput = S["AnswerInput"];
export type Insights = S["Insights"];
export type EventData = S["Event"];
export type ClaudeCodePermissionUpdate = S["ClaudeCodePermissionUpdate"];
export type ListQuery = NonNullable<paths["/api/v1/requests"]["get"]["parameters"]["query"]>;
export type Status = (typeof STATUSES)[number];
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type Decision = (typeof DECISIONS)[number];
