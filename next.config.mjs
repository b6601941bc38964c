/** @type {import('next').NextConfig} */
const nextConfig = {
  // Compression would buffer Server-Sent Events; put compression in the reverse proxy instead.
  compress: false,
  poweredByHeader: false,
  // forbidden() for pages a role does not reach (403 instead of a misleading 404).
  experimental: { authInterrupts: true },
  // `npm test` and CI run `tsc --noEmit` over the whole project once; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "pino"],
};

export default nextConfig;
