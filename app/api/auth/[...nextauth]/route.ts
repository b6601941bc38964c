// /api/auth/* — next-auth's sign-in, callback, session and sign-out endpoints.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { readLimited } from "@openoxide/questions-core/api/body";
import { routeCore } from "@openoxide/questions-core/api/core";
import { authOptions } from "@openoxide/questions-core/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

export const dynamic = "force-dynamic";

// Built per request from the lazily created options: importing this module at build time
// must not read or create the secret file.
function nextAuth(req: NextRequest, ctx: Ctx): Promise<Response> {
  return NextAuth(authOptions())(req, ctx);
}

// GET /api/auth/* — sessions, providers, the CSRF token, OAuth callbacks
export const GET = nextAuth;

// POST /api/auth/* — sign-in and sign-out forms. next-auth would read a body of any size: it is
// read here first under the one body limit (413 as problem+json through the route core).
export const POST = routeCore<{ nextauth: string[] }>({ name: "public" }, async (core, params) => {
  const { req } = core;
  const body = await readLimited(req);
  return nextAuth(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), { params });
});
