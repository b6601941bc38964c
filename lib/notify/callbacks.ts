// Agent callbacks: the CALLBACK_HOSTS allow-list (checked at create and again at send) and the
// team's callback signing secret, created on first use and rotated from Settings.
import { auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { db, isUniqueViolation } from "../db/client";
import { AppError } from "../errors";
import { notifyConfig } from "./config";
import { hostAllowed, OutboundRefused, parseOutboundUrl } from "./http";
import { CALLBACK_OWNER, openSigningSecret, sealSigningSecret } from "./secrets";
import { newSigningSecret } from "./sign";

const OWNER = CALLBACK_OWNER;

/** 422 naming `callbackUrl` unless the URL is http(s) and its host is in CALLBACK_HOSTS. */
export function checkCallbackUrl(raw: string): void {
  const fail = (message: string) => {
    throw new AppError("validation", `callbackUrl: ${message}`, [{ path: "callbackUrl", message }]);
  };
  const allow = notifyConfig().callbackHosts;
  try {
    const url = parseOutboundUrl(raw);
    if (!allow.length) fail("callbacks are not enabled on this server (CALLBACK_HOSTS is empty)");
    if (!hostAllowed(url.hostname, allow)) fail(`host ${url.hostname} is not in CALLBACK_HOSTS`);
  } catch (e) {
    if (e instanceof OutboundRefused) fail(e.message);
    throw e;
  }
}

export async function callbackSecret(teamId: string): Promise<string> {
  const row = await db().callbackSecret.findUnique({ where: { teamId } });
  if (row) return openSigningSecret(teamId, OWNER, row.sealed);
  const secret = newSigningSecret("cbsec");
  try {
    await db().callbackSecret.create({ data: { teamId, sealed: sealSigningSecret(teamId, OWNER, secret) } });
    return secret;
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    return callbackSecret(teamId); // created concurrently: use that one
  }
}

export async function rotateCallbackSecret(teamId: string, who: AuditWho): Promise<string> {
  const secret = newSigningSecret("cbsec");
  const sealed = sealSigningSecret(teamId, OWNER, secret);
  await db().$transaction([
    db().callbackSecret.upsert({ where: { teamId }, create: { teamId, sealed }, update: { sealed, rotatedAt: new Date() } }),
    ...auditWrites(db(), { ...who, teamId, action: "settings.callback_secret_rotated" }),
  ]);
  return secret;
}

export async function callbackSecretInfo(teamId: string): Promise<{ rotatedAt: string | null }> {
  const row = await db().callbackSecret.findUnique({ where: { teamId }, select: { rotatedAt: true } });
  return { rotatedAt: row?.rotatedAt.toISOString() ?? null };
}
