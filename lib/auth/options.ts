// next-auth configuration: JWT sessions (the credentials provider requires them), 8 hours at most;
// every page and route re-reads the user from the database (session.ts), so the JWT only names them.
import type { NextAuthOptions } from "next-auth";
import { db } from "../db/client";
import { normaliseEmail } from "./password";
import { providers } from "./providers";
import { authSecret } from "./secret";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

async function userIdByEmail(email: string | null | undefined): Promise<string | null> {
  if (!email) return null;
  const user = await db().user.findUnique({ where: { email: normaliseEmail(email) }, select: { id: true } });
  return user?.id ?? null;
}

const g = globalThis as unknown as { __questionsAuthOptions?: NextAuthOptions };

/** Built on first use, so that a build never reads or writes the secret file. */
export function authOptions(): NextAuthOptions {
  g.__questionsAuthOptions ??= {
    secret: authSecret(),
    providers: providers(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 15 * 60 },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/signin", error: "/signin", signOut: "/signin" },
    callbacks: {
      // OAuth: never create users or grant roles; only a verified email of an existing user signs in.
      async signIn({ account, profile }) {
        if (!account || account.type === "credentials") return true;
        const verified = (profile as { email_verified?: boolean } | undefined)?.email_verified === true;
        return verified && (await userIdByEmail(profile?.email)) !== null;
      },
      async jwt({ token, user, account }) {
        if (user && account) token.uid = account.type === "credentials" ? user.id : ((await userIdByEmail(user.email)) ?? undefined);
        return token;
      },
      async session({ session, token }) {
        if (session.user) session.user.id = token.uid;
        return session;
      },
      // Only same-site redirects after sign-in and sign-out.
      async redirect({ url, baseUrl }) {
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          return new URL(url).origin === baseUrl ? url : baseUrl;
        } catch {
          return baseUrl;
        }
      },
    },
  };
  return g.__questionsAuthOptions;
}
