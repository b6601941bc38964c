// /api/auth/* — next-auth's sign-in, callback, session and sign-out endpoints.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

export const dynamic = "force-dynamic";

// Built per request from the lazily created options: importing this module at build time
// must not read or create the secret file.
function handle(req: Request, ctx: Ctx): Promise<Response> {
  return NextAuth(authOptions())(req, ctx);
}

export { handle as GET, handle as POST };
