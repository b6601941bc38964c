// Sign-in providers. Email + password is always on; OIDC and GitHub switch on by environment.
// OAuth identities only ever match an existing user by a verified email (see signIn in options.ts).
import type { Provider } from "next-auth/providers/index";
import CredentialsImport from "next-auth/providers/credentials";
import GitHubImport from "next-auth/providers/github";
import { env } from "../config/env";
import { db } from "../db/client";
import { clientAddress } from "../api/client-address";
import { assertCanTry, recordFailure, recordSuccess } from "./login-limit";
import { normaliseEmail, verifyPassword } from "./password";

// next-auth's providers are CommonJS compiled from ESM (`exports.default`): Node's import of the
// core package (scripts/build-core.mjs) gets the exports object, bundlers its default.
const cjsDefault = <T,>(m: T): T => (typeof m === "function" ? m : (m as { default: T }).default);
const CredentialsProvider = cjsDefault(CredentialsImport);
const GitHubProvider = cjsDefault(GitHubImport);

// A valid hash of a random password: unknown emails cost the same time as wrong passwords.
const DUMMY_HASH = "scrypt$32768$8$1$iVzsu8weerS8VkicDKDD0Q==$aF6XoTu22OyHoJyA+XrQHwXAMPIdRZ0qbt8eZQ5fodg=";

const credentials = CredentialsProvider({
  id: "credentials",
  name: "Email and password",
  credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
  async authorize(input, req) {
    const email = normaliseEmail(String(input?.email ?? "")).slice(0, 254);
    const password = String(input?.password ?? "").slice(0, 1024);
    if (!email || !password) return null;
    const address = clientAddress(req?.headers, env().TRUST_PROXY);
    await assertCanTry(email, address);
    const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true } });
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) {
      await recordFailure(email, address);
      return null;
    }
    await recordSuccess(email);
    return { id: user.id, email: user.email, name: user.name };
  },
});

type OidcProfile = { sub: string; email?: string; email_verified?: boolean; name?: string; preferred_username?: string };

function oidc(): Provider | null {
  const issuer = env().OIDC_ISSUER?.replace(/\/+$/, "");
  const { OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env();
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    id: "oidc",
    name: env().OIDC_NAME,
    type: "oauth",
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    idToken: true,
    checks: ["pkce", "state"],
    authorization: { params: { scope: "openid email profile" } },
    profile(p: OidcProfile) {
      return { id: p.sub, email: p.email ?? null, name: p.name ?? p.preferred_username ?? null };
    },
  };
}

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

function github(): Provider | null {
  const { GITHUB_ID: clientId, GITHUB_SECRET: clientSecret } = env();
  if (!clientId || !clientSecret) return null;
  return GitHubProvider({
    clientId,
    clientSecret,
    // The stock provider takes the public or primary email without checking that it is verified.
    userinfo: {
      url: "https://api.github.com/user",
      async request({ client, tokens }) {
        const profile = await client.userinfo(tokens.access_token!);
        const res = await fetch("https://api.github.com/user/emails", { headers: { Authorization: `token ${tokens.access_token}` } });
        const emails = res.ok ? ((await res.json()) as GitHubEmail[]) : [];
        const primary = emails.find((e) => e.primary && e.verified);
        return { ...profile, email: primary?.email, email_verified: !!primary };
      },
    },
  });
}

export function providers(): Provider[] {
  return [credentials, oidc(), github()].filter((p): p is Provider => p !== null);
}

/** Id and display name of the OAuth providers switched on, for the sign-in page. */
export function oauthProviders(): { id: string; name: string }[] {
  return providers()
    .filter((p) => p.type === "oauth")
    .map((p) => ({ id: p.id, name: p.name }));
}
