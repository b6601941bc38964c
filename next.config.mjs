/** @type {import('next').NextConfig} */
const nextConfig = {
  // Compression would buffer Server-Sent Events; put compression in the reverse proxy instead.
  compress: false,
  poweredByHeader: false,
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "pino"],
};

export default nextConfig;
