// What a deployment's API key is sealed to: its team and deployment (lib/secrets/sealed.ts re-seals it on rotation).
import type { SecretBinding } from "../secrets/seal";

export const apiKeyBinding = (teamId: string, id: string): SecretBinding => ({ teamId, requestId: id, questionId: "langgraph-api-key" });
