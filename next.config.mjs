// The fixed headers, from the one list the realtime routes use too (the core package, built from
// lib/ by scripts/build-core.mjs before Next starts); pages also get a nonce policy from proxy.ts.
import { API_POLICY, COMMON_HEADERS } from "@openoxide/questions-core/api/security-headers";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Compression would buffer Server-Sent Events; put compression in the reverse proxy instead.
  compress: false,
  poweredByHeader: false,
  // forbidden() for pages a role does not reach (403 instead of a misleading 404).
  experimental: { authInterrupts: true },
  // `npm test` and CI run `tsc --noEmit` over the whole project once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // next-auth v4 takes its origin only from process.env: NEXTAUTH_URL when set, else (with this)
  // the Host the request came in on (forwarded headers are true values: lib/api/client-address.ts).
  // A build-time constant, so nothing writes the environment at run time.
  env: { AUTH_TRUST_HOST: "true" },
  // The app's server code loads once per process, from the core package (docs/decisions.md "One
  // HTTP path per route"): never bundled into Next's pages and route files.
  serverExternalPackages: ["@openoxide/questions-core", "better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "pino"],
  async headers() {
    return [
      { source: "/:path*", headers: [...COMMON_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
    ];
  },
};

export default nextConfig;
