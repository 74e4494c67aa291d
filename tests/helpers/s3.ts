// A local S3 (s3rver) for tests: loopback, a free port, a temp directory, one bucket. It checks
// expiry of presigned URLs but not signatures. Credentials must be S3RVER/S3RVER.
import crypto from "node:crypto";
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
  store: S3rverStore;
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  middleware: unknown[];
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<unknown>;
  putObject(object: { bucket: string; key: string; metadata: unknown; content: Buffer | NodeJS.ReadableStream }): Promise<{ size: number; md5: string }>;
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
  addMultipartListAndAbort(server, directory);
  writeObjectsSafely(server.store);
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

type KoaCtx = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
};

/**
 * s3rver 3.7 implements CreateMultipartUpload, UploadPart and CompleteMultipartUpload but answers
 * ListParts and AbortMultipartUpload with 405. This adds both, speaking S3's XML, over s3rver's
 * own store (its FilesystemStore keeps parts as `<bucket>/._S3rver_uploads/<uploadId>/<n>` + `<n>.md5`).
 */
function addMultipartListAndAbort(server: S3rverInstance, directory: string): void {
  const mw = async (ctx: KoaCtx, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!uploadId || !m || !/^[0-9a-f]+$/.test(uploadId) || (ctx.method !== "GET" && ctx.method !== "DELETE")) return next();
    const [, bucket, key] = m;
    const dir = path.join(directory, bucket!, "._S3rver_uploads", uploadId);
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.body = { Error: { Code: "NoSuchUpload", Message: "The specified upload does not exist.", UploadId: uploadId } };
      return;
    }
    if (ctx.method === "DELETE") {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((n) => /^\d+$/.test(n) && fs.existsSync(path.join(dir, `${n}.md5`)))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const st = fs.statSync(path.join(dir, String(n)));
        const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), "utf8").trim();
        return { PartNumber: n, LastModified: st.mtime.toISOString(), ETag: `"${md5}"`, Size: st.size };
      });
    ctx.body = {
      ListPartsResult: { Bucket: bucket, Key: decodeURIComponent(key!), UploadId: uploadId, MaxParts: 1000, IsTruncated: false, Part: parts },
    };
  };
  // Before s3rver's router (the last middleware), after its XML encoder.
  server.middleware.splice(server.middleware.length - 1, 0, mw);
}

/**
 * s3rver 3.7's putObject opens its write stream with no error listener, and its deleteObject removes
 * directories left empty: a PUT racing a DELETE under the same prefix (a run's last derived files
 * stored while the video is deleted) crashes the test process with an uncaught ENOENT — real S3 has
 * no directories. This writes the object and its metadata with awaited calls, again if a concurrent
 * delete took the directory away in between.
 */
function writeObjectsSafely(store: S3rverStore): void {
  store.putObject = async (object) => {
    const content = Buffer.isBuffer(object.content) ? object.content : await streamToBuffer(object.content);
    const md5 = crypto.createHash("md5").update(content).digest("hex");
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    for (let attempt = 1; ; attempt++) {
      try {
        await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
        await fs.promises.writeFile(objectPath, content);
        await store.putMetadata(object.bucket, object.key, object.metadata, md5);
        return { size: content.length, md5 };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 5) throw err;
      }
    }
  };
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
