/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native add-ons and packages that read their own files at run time stay out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "@electric-sql/pglite-socket",
    "postgres",
  ],
  poweredByHeader: false,
  // Uploads to presigned URLs stream through route handlers; nothing else needs large bodies.
  experimental: {},
};

export default nextConfig;
