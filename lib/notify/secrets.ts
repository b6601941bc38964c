// Signing secrets (webhooks, team callbacks) are stored sealed with the key ring, bound to their
// owner, so a database dump alone does not let anyone forge deliveries.
import { open, seal } from "../secrets/seal";

/** The owner a team's callback secret is bound to. */
export const CALLBACK_OWNER = "callbacks";

/** What a signing secret's ciphertext is bound to (also lib/secrets/sealed.ts, which re-seals it). */
export const signingSecretBinding = (teamId: string, owner: string) => ({ teamId, requestId: owner, questionId: "signing-secret" });
const binding = signingSecretBinding;

export function sealSigningSecret(teamId: string, owner: string, secret: string): string {
  return seal(secret, binding(teamId, owner));
}

export function openSigningSecret(teamId: string, owner: string, sealed: string): string {
  return open(sealed, binding(teamId, owner));
}
