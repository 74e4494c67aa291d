// Getting a local file into the caller's storage: one presigned PUT for small files, the
// multipart endpoints (parts of the server's size, four in flight, each retried) for large ones.
// Resolves with the storage path to register.
import fs from "node:fs";
import path from "node:path";
import { ApiClientError, unwrap } from "@/lib/client/typed-client";
import { contentTypeFor } from "@/lib/storage/content-types";
import type { RemoteContext } from "./context";
import { putFile } from "./put-file";

/** Files above this go up in parts (as in the browser). */
export const MULTIPART_THRESHOLD = 32 * 1024 * 1024;
const PARALLEL_PARTS = 4;
const URL_BATCH = 100;
const ATTEMPTS = 4;

export async function uploadFile(ctx: RemoteContext, file: string, onBytes: (sent: number, total: number) => void): Promise<string> {
  const size = fs.statSync(file).size;
  const name = path.basename(file);
  const contentType = contentTypeFor(name);
  if (size <= MULTIPART_THRESHOLD) {
    const target = await unwrap(ctx.api.POST("/storage/upload-url", { body: { file_name: name, content_type: contentType, expires_in: 7200 } }));
    await putFile(target.upload_url, { file, contentType, onBytes: (sent) => onBytes(sent, size) });
    return target.file_path;
  }
  const upload = await unwrap(ctx.api.POST("/storage/multipart", { body: { file_name: name, content_type: contentType, file_size: size } }));
  const inUpload = { params: { path: { upload_id: upload.upload_id } } };
  try {
    const urls = new Map<number, string>();
    const numbers = Array.from({ length: upload.part_count }, (_, i) => i + 1);
    for (let i = 0; i < numbers.length; i += URL_BATCH) {
      const batch = await unwrap(ctx.api.POST("/storage/multipart/{upload_id}/parts", { ...inUpload, body: { part_numbers: numbers.slice(i, i + URL_BATCH) } }));
      for (const p of batch.parts) urls.set(p.part_number, p.url);
    }
    const inFlight = new Map<number, number>();
    let done = 0;
    const report = () => onBytes(done + [...inFlight.values()].reduce((a, b) => a + b, 0), size);
    const sendPart = async (n: number) => {
      const start = (n - 1) * upload.part_size;
      const end = Math.min(size, n * upload.part_size);
      for (let attempt = 1; ; attempt++) {
        try {
          await putFile(urls.get(n)!, { file, start, end, onBytes: (sent) => (inFlight.set(n, sent), report()) });
          inFlight.delete(n);
          done += end - start;
          report();
          return;
        } catch (err) {
          inFlight.delete(n);
          const status = err instanceof ApiClientError ? err.status : 0;
          if ((status >= 400 && status < 500) || attempt >= ATTEMPTS) throw err;
          await new Promise((r) => setTimeout(r, 500 * 2 ** (attempt - 1)));
        }
      }
    };
    const queue = [...numbers];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
      }),
    );
    const completed = await unwrap(ctx.api.POST("/storage/multipart/{upload_id}/complete", { ...inUpload, body: {} }));
    return completed.file_path;
  } catch (err) {
    await unwrap(ctx.api.DELETE("/storage/multipart/{upload_id}", inUpload)).catch(() => {});
    throw err;
  }
}
