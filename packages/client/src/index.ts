// `@openoxide/questions-client`: the typed client. Browser-safe: fetch and web streams only, no
// Node built-ins anywhere in this entry's imports (a unit test checks that).
export { QuestionsClient, type CallOptions, type CreateOptions, type CreateResult, type ListResult, type QuestionsClientOptions } from "./client.ts";
export {
  ApiError,
  ConflictError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  PreconditionFailedError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
  isRetryable,
  parseRetryAfter,
} from "./errors.ts";
export { StreamResetError, type EventsOptions, type QuestionEvent, type StreamReset } from "./events.ts";
export { retryDelay, retrying, sleep, type RetryOptions } from "./http.ts";
export { readSse, type ReadSseOptions, type SseMessage } from "./sse.ts";
export { DECISIONS, LIMITS, QUESTION_ID, QUESTION_KINDS, STATUSES } from "./generated/limits.ts";
export type * from "./types.ts";
export type { components, paths } from "./generated/openapi.ts";
