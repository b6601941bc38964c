// One audit entry as written and as checked. `data` is the JSON text the hash covers; the columns
// beside it are copies for listing and filtering, and verify checks that they still agree with it.
import { createHash } from "node:crypto";
import { newId } from "../ids";

/** Who did it, from where (lib/api/client-address.ts); null address for the server itself and the CLI. */
export type AuditWho = { actor: string; address?: string | null };

export type AuditInput = AuditWho & {
  teamId: string;
  /** request.answered, token.created, member.removed, settings.escalation, … */
  action: string;
  /** the id of what was decided or changed */
  target?: string | null;
  /** what changed: never a secret value (scrubbed below as a second line of defence) */
  details?: Record<string, unknown>;
};

export type PreparedEntry = {
  id: string;
  teamId: string;
  at: Date;
  actor: string;
  address: string | null;
  action: string;
  target: string | null;
  data: string;
};

export type EntryData = Omit<PreparedEntry, "data" | "at"> & { at: string; details: Record<string, unknown> };

// Credentials this product mints: a token, a webhook or callback signing secret. Never recorded.
const SECRET_VALUE = /\b(oqt|whsec|cbsec)_[A-Za-z0-9_-]{8,}/g;

function scrub(value: unknown): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUE, "[redacted]");
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
  return value;
}

export function prepareEntry(input: AuditInput, at = new Date()): PreparedEntry {
  const entry = {
    id: newId("au"),
    teamId: input.teamId,
    at,
    actor: input.actor,
    address: input.address ?? null,
    action: input.action,
    target: input.target ?? null,
  };
  const data: EntryData = { ...entry, at: at.toISOString(), details: scrub(input.details ?? {}) as Record<string, unknown> };
  return { ...entry, data: JSON.stringify(data) };
}

/** The chain link: sha256 of the previous entry's hash, a newline, and this entry's data (hex). */
export function chainHash(prevHash: string, data: string): string {
  return createHash("sha256").update(`${prevHash}\n${data}`, "utf8").digest("hex");
}
