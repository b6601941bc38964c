// The one source of the address people and agents reach this app on, for every absolute link it
// makes: mail, Slack messages and the Slack manifest, push payloads, invitation links, VAPID's
// contact. Read from the parsed configuration; nothing writes it back to the environment.
import { env } from "./env";

/**
 * PUBLIC_URL, else NEXTAUTH_URL, else `fallbackOrigin` (the origin of the browser request at hand,
 * where there is one), else http://localhost:PORT. No trailing slash; a path prefix is kept.
 */
export function publicUrl(fallbackOrigin?: string): string {
  const c = env();
  return (c.PUBLIC_URL ?? c.NEXTAUTH_URL ?? fallbackOrigin ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "");
}

/** An absolute link to `path` (starting with "/") in the app. */
export function appLink(path: string, fallbackOrigin?: string): string {
  return `${publicUrl(fallbackOrigin)}${path}`;
}

/**
 * The origin a browser request came in on: the fallback for links made while serving one. Forwarded
 * headers are true values here (client-sent ones are dropped unless TRUST_PROXY is set).
 */
export function requestOrigin(headers: Pick<Headers, "get">, url?: URL): string | undefined {
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  const host = first("x-forwarded-host") ?? headers.get("host");
  if (!host) return url?.origin;
  return `${first("x-forwarded-proto") ?? url?.protocol.slice(0, -1) ?? "http"}://${host}`;
}
