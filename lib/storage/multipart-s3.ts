// Multipart uploads on S3 with S3's own API: CreateMultipartUpload, presigned UploadPart URLs (the
// client PUTs straight to S3, which answers with the part's ETag), ListParts to see what is stored,
// CompleteMultipartUpload, AbortMultipartUpload. A browser that reads the ETag header needs the
// bucket's CORS to expose `ETag`; this app's browser client does not need it (complete without
// `parts` uses ListParts).
import type { Db } from "@/db/client";
import type { MultipartUpload } from "@/db/queries/multipart";
import { contentTypeFor } from "./content-types";
import type { MultipartBackend, StoredPart } from "./multipart-backend";
import { expectedPartSize } from "@/lib/core/multipart-layout";
import type { S3StorageDriver } from "./s3-driver";

const sdk = () => import("@aws-sdk/client-s3");
const presigner = () => import("@aws-sdk/s3-request-presigner");

function isNoSuchUpload(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchUpload" || e?.Code === "NoSuchUpload" || e?.$metadata?.httpStatusCode === 404;
}

function s3Id(upload: MultipartUpload): string {
  if (!upload.s3UploadId) throw new Error(`multipart upload ${upload.id} has no S3 upload id`);
  return upload.s3UploadId;
}

export class S3Multipart implements MultipartBackend {
  constructor(private readonly driver: S3StorageDriver) {}

  private get bucket(): string {
    return this.driver.config.bucket;
  }

  async create(upload: MultipartUpload): Promise<{ s3UploadId: string }> {
    const [{ CreateMultipartUploadCommand }, client] = await Promise.all([sdk(), this.driver.client()]);
    const res = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: upload.filePath,
        ContentType: upload.contentType || contentTypeFor(upload.filePath),
      }),
    );
    if (!res.UploadId) throw new Error("S3 returned no UploadId");
    return { s3UploadId: res.UploadId };
  }

  async presignPart(upload: MultipartUpload, partNumber: number, expiresIn: number): Promise<string> {
    const [{ UploadPartCommand }, { getSignedUrl }, client] = await Promise.all([sdk(), presigner(), this.driver.client()]);
    const cmd = new UploadPartCommand({
      Bucket: this.bucket,
      Key: upload.filePath,
      UploadId: s3Id(upload),
      PartNumber: partNumber,
      ContentLength: expectedPartSize(upload, partNumber),
    });
    // Content-Length is signed: S3 refuses a part of any other size.
    return getSignedUrl(client, cmd, { expiresIn, signableHeaders: new Set(["content-length"]) });
  }

  async listParts(_db: Db, upload: MultipartUpload): Promise<StoredPart[]> {
    const [{ ListPartsCommand }, client] = await Promise.all([sdk(), this.driver.client()]);
    const out: StoredPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const res = await client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: upload.filePath, UploadId: s3Id(upload), PartNumberMarker: marker }),
      );
      for (const p of res.Parts ?? []) {
        if (p.PartNumber && p.ETag) out.push({ part_number: p.PartNumber, size: Number(p.Size ?? 0), etag: p.ETag });
      }
      if (!res.IsTruncated || !res.NextPartNumberMarker) break;
      marker = String(res.NextPartNumberMarker);
    }
    return out.sort((a, b) => a.part_number - b.part_number);
  }

  async complete(_db: Db, upload: MultipartUpload, parts: StoredPart[]): Promise<void> {
    const [{ CompleteMultipartUploadCommand }, client] = await Promise.all([sdk(), this.driver.client()]);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: upload.filePath,
        UploadId: s3Id(upload),
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.part_number, ETag: p.etag })) },
      }),
    );
  }

  async abort(upload: MultipartUpload): Promise<void> {
    if (!upload.s3UploadId) return;
    const [{ AbortMultipartUploadCommand }, client] = await Promise.all([sdk(), this.driver.client()]);
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.filePath, UploadId: upload.s3UploadId }));
    } catch (err) {
      if (!isNoSuchUpload(err)) throw err;
    }
  }
}
