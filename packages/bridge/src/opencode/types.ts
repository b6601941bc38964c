// The OpenCode server shapes the bridge uses, as its OpenAPI document (`GET /doc`, opencode-ai
// 1.18.33) describes them: QuestionRequest, PermissionRequest and the events about them.

export interface QuestionOption {
  label: string;
  description?: string;
}

export interface QuestionInfo {
  question: string;
  header: string;
  options: QuestionOption[];
  multiple?: boolean;
  /** "Type your own answer" (OpenCode's default: true). */
  custom?: boolean;
}

export interface QuestionRequest {
  id: string; // que_…
  sessionID: string;
  questions: QuestionInfo[];
  tool?: { messageID: string; callID: string };
}

export interface PermissionRequest {
  id: string; // per_…
  sessionID: string;
  permission: string;
  patterns: string[];
  metadata: Record<string, unknown>;
  always: string[];
  tool?: { messageID: string; callID: string };
}

/** `answers[i]`: the labels (or custom text) chosen for question i. */
export type QuestionReply = { answers: string[][] };
export type PermissionReply = { reply: "once" | "always" | "reject"; message?: string };

export type OpenCodeEvent =
  | { type: "question.asked"; properties: QuestionRequest }
  | { type: "question.replied" | "question.rejected"; properties: { sessionID: string; requestID: string } }
  | { type: "permission.asked"; properties: PermissionRequest }
  | { type: "permission.replied"; properties: { sessionID: string; requestID: string; reply: string } }
  | { type: "server.connected" | string; properties: unknown };
