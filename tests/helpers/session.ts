// A real browser session over HTTP: a user made with the admin CLI signs in through next-auth's
// credentials callback (CSRF token and all), and the session cookie it sets is returned.
import { randomUUID } from "node:crypto";
import { runAdmin } from "./cli";

export type Session = { email: string; password: string; cookie: string };

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

/** One credentials sign-in: the session Cookie header, or the error next-auth sent back. */
export async function attemptSignIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<{ cookie?: string; error?: string }> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/inbox`, json: "true" }),
  });
  const target = res.headers.get("location") ?? ((await res.json().catch(() => ({}))) as { url?: string }).url ?? "";
  const session = cookiesOf(res).find((c) => c.startsWith("next-auth.session-token="));
  if (session) return { cookie: [...jar, session].join("; ") };
  return { error: new URL(target, baseUrl).searchParams.get("error") ?? `status ${res.status}` };
}

/** Signs in; resolves to the Cookie header of the session, or throws with next-auth's error. */
export async function signIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const { cookie, error } = await attemptSignIn(baseUrl, email, password, headers);
  if (!cookie) throw new Error(`sign-in failed: ${error}`);
  return cookie;
}

/** A new reviewer in `team` (default: "default"), signed in. */
export async function newSession(baseUrl: string, dataDir: string, opts: { team?: string; role?: string } = {}): Promise<Session> {
  const email = `session-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const made = await runAdmin(dataDir, ["user", "create", email, "--password", password, "--team", opts.team ?? "default", "--role", opts.role ?? "reviewer"]);
  if (made.code !== 0) throw new Error(made.stderr);
  return { email, password, cookie: await signIn(baseUrl, email, password) };
}
