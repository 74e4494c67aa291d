// A local S3 (s3rver) for tests: loopback, a free port, a temp directory, one bucket. It checks
// expiry of presigned URLs but not signatures. Credentials must be S3RVER/S3RVER.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  /** Sets STORAGE_DRIVER=s3 and the S3_* / AWS_* variables for this server. */
  useAsStorage(): void;
  close(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (opts: Record<string, unknown>) => S3rverInstance;

export async function startLocalS3(bucket = "test-bucket"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "va-s3rver-"));
  // s3rver ships no types.
  const { default: S3rver } = (await import("s3rver" as string)) as { default: S3rverClass };
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    useAsStorage() {
      Object.assign(process.env, {
        STORAGE_DRIVER: "s3",
        S3_BUCKET: bucket,
        S3_REGION: "us-east-1",
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: "true",
        AWS_ACCESS_KEY_ID: "S3RVER",
        AWS_SECRET_ACCESS_KEY: "S3RVER",
      });
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
