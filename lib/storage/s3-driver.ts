// S3 (or any S3-compatible server) through the AWS SDK; presigned URLs from the real presigner.
// Checksums are only computed when an operation requires them: a presigned PUT then carries no
// checksum of an empty body, and S3-compatible servers that do not know trailing checksums work.
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { invalidStoragePath, storageNotFound } from "./errors";
import { attachmentDisposition, contentTypeFor } from "./content-types";
import { DEFAULT_DOWNLOAD_EXPIRES_IN, type StorageDriver, type StoredObject } from "./driver";
import { isSafeKey } from "./paths";
import { env } from "@/lib/env";

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

/** S3_BUCKET (required), S3_REGION (else AWS_REGION, else us-east-1), S3_ENDPOINT, S3_FORCE_PATH_STYLE. */
export function s3ConfigFromEnv(): S3Config {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: forcePathStyle } = env();
  if (!bucket) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET");
  return { bucket, region, endpoint, forcePathStyle };
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === "NotFound" || name === "NoSuchKey" || statusOf(err) === 404;
}

function checkKey(key: string): string {
  if (!isSafeKey(key)) throw invalidStoragePath();
  return key;
}

// The SDK is loaded on first use: deployments on local storage never load it.
const sdk = () => import("@aws-sdk/client-s3");
const presigner = () => import("@aws-sdk/s3-request-presigner");

export class S3StorageDriver implements StorageDriver {
  readonly kind = "s3" as const;
  private clientPromise?: Promise<S3Client>;

  constructor(readonly config: S3Config) {}

  client(): Promise<S3Client> {
    this.clientPromise ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: this.config.region,
          endpoint: this.config.endpoint,
          forcePathStyle: this.config.forcePathStyle,
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    );
    return this.clientPromise;
  }

  async presignUpload(key: string, opts: { contentType: string; expiresIn: number }): Promise<string> {
    const [{ PutObjectCommand }, { getSignedUrl }, client] = await Promise.all([sdk(), presigner(), this.client()]);
    const cmd = new PutObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key), ContentType: opts.contentType });
    // Content-Type stays a signed header: a PUT with any other type fails the signature.
    return getSignedUrl(client, cmd, { expiresIn: opts.expiresIn, signableHeaders: new Set(["content-type"]) });
  }

  async presignDownload(key: string, opts: { expiresIn?: number; filename?: string } = {}): Promise<string> {
    const [{ GetObjectCommand }, { getSignedUrl }, client] = await Promise.all([sdk(), presigner(), this.client()]);
    const cmd = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: checkKey(key),
      ResponseContentDisposition: opts.filename ? attachmentDisposition(opts.filename) : undefined,
    });
    return getSignedUrl(client, cmd, { expiresIn: opts.expiresIn ?? DEFAULT_DOWNLOAD_EXPIRES_IN });
  }

  async stat(key: string): Promise<{ size: number; lastModified: Date } | null> {
    const [{ HeadObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      return { size: Number(res.ContentLength ?? 0), lastModified: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const [{ ListObjectsV2Command }, client] = await Promise.all([sdk(), this.client()]);
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const res = await client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: Number(o.Size ?? 0), lastModified: o.LastModified ?? new Date(0) });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<void> {
    const [{ DeleteObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const [{ DeleteObjectsCommand }, client] = await Promise.all([sdk(), this.client()]);
    const keys = (await this.list(prefix)).map((o) => o.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  private async getStream(key: string): Promise<Readable> {
    const [{ GetObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw storageNotFound("File");
      throw err;
    }
  }

  async withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T> {
    const body = await this.getStream(key);
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "va-s3-"));
    try {
      // Keep the name (and so the extension) for tools that look at it.
      const file = path.join(dir, path.posix.basename(key));
      await pipeline(body, fs.createWriteStream(file));
      return await fn(file);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    const { size } = await fsp.stat(localPath);
    await client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        Body: fs.createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType || contentTypeFor(key),
      }),
    );
  }

  async putBytes(key: string, bytes: Uint8Array | string, contentType: string): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([sdk(), this.client()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checkKey(key),
        Body: typeof bytes === "string" ? Buffer.from(bytes) : bytes,
        ContentType: contentType || contentTypeFor(key),
      }),
    );
  }

  async getBytes(key: string): Promise<Buffer> {
    const body = await this.getStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
}
