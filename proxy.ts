// Tells signed-in pages which path was asked for (PATH_HEADER), so requireUser() can send a
// signed-out visitor to /signin?next=<path> and back. Any client-sent value is overwritten.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set("x-oq-path", req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/inbox/:path*", "/history/:path*", "/settings/:path*"],
};
