// For every response; pages also get a nonce-based policy from proxy.ts (lib/api/security-headers.ts).
const common = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];
// JSON, CSV and event streams never render as documents.
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

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
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "pino"],
  async headers() {
    return [
      { source: "/:path*", headers: common },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_POLICY }] },
    ];
  },
};

export default nextConfig;
