// The configured storage driver: STORAGE_DRIVER=local (default, DATA_DIR/storage) or s3. One
// instance per configuration, so tests and tools that change the environment get a fresh one.
import "server-only";
import path from "node:path";
import type { StorageDriver } from "./driver";
import { LocalStorageDriver } from "./local-driver";
import { S3StorageDriver, s3ConfigFromEnv } from "./s3-driver";
import { processSingleton } from "@/lib/core/process-singleton";
import { env } from "@/lib/env";

export type { StorageDriver, StoredObject } from "./driver";

type Holder = { key?: string; driver?: StorageDriver };
const holder: Holder = processSingleton<Holder>("__vaStorage", () => ({}));

export function storageDriverKind(): "local" | "s3" {
  return env().STORAGE_DRIVER;
}

export function localStorageRoot(): string {
  return path.join(env().DATA_DIR, "storage");
}

export function getStorage(): StorageDriver {
  const kind = storageDriverKind();
  const e = env();
  const cacheKey =
    kind === "local"
      ? `local|${localStorageRoot()}`
      : [
          "s3",
          e.S3_BUCKET,
          e.S3_REGION,
          e.S3_ENDPOINT,
          e.S3_FORCE_PATH_STYLE,
          e.AWS_REGION,
          e.AWS_ACCESS_KEY_ID,
          e.AWS_PROFILE,
        ].join("|");
  if (holder.key !== cacheKey || !holder.driver) {
    holder.driver = kind === "local" ? new LocalStorageDriver(localStorageRoot()) : new S3StorageDriver(s3ConfigFromEnv());
    holder.key = cacheKey;
  }
  return holder.driver;
}

/** The public URL of a key when STORAGE_PUBLIC_URL (a public base URL, e.g. a CDN) is set, else "". */
export function publicUrlFor(key: string): string {
  const base = env().STORAGE_PUBLIC_URL;
  return base ? `${base}/${key.split("/").map(encodeURIComponent).join("/")}` : "";
}
