// The product's tables. Every row that belongs to somebody carries `user_id`, and every query in
// db/queries takes the owner's id, so ownership is enforced where the data is read.
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  customType,
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  vector,
} from "drizzle-orm/pg-core";

/** Dimension of segment embeddings: OpenAI's text-embedding-3-* are asked for this many
 * (`dimensions`), and the local lexical embedding hashes into the same space. 512 keeps
 * vectors small enough for PGlite scans while keeping model embeddings useful. */
export const EMBEDDING_DIMENSIONS = 512;

/** Postgres full-text document (read only through SQL; drizzle never selects it into JS). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A segment's words for full-text search: English stems plus exact forms (stopwords kept). */
export const SEGMENT_TSV_EXPRESSION: SQL = sql`to_tsvector('english'::regconfig, "content") || to_tsvector('simple'::regconfig, "content")`;

const createdAt = () => timestamp("created_at", { mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { mode: "date" }).notNull().defaultNow();

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  clerkUserId: text("clerk_user_id").unique(),
  createdAt: createdAt(),
});

export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull().default(""),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  timezone: text("timezone").notNull().default("UTC"),
  isAdmin: integer("is_admin").notNull().default(0),
  bonusMinutes: doublePrecision("bonus_minutes").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    keyPrefix: text("key_prefix").notNull(),
    isActive: integer("is_active").notNull().default(1),
    lastUsedAt: timestamp("last_used_at", { mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("projects_user_idx").on(t.userId, t.createdAt)],
);

export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull().unique(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("uploaded"),
    /** The modules chosen for the video (module names), as the API shows them: JSON text of this array. */
    selectedInsights: jsonb("selected_insights").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    initialPrompt: text("initial_prompt"),
    duration: doublePrecision("duration").notNull().default(0),
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    processingTime: doublePrecision("processing_time"),
    storagePath: text("storage_path").notNull(),
    error: text("error"),
    /** Completed runs so far: the first successful run is `process`, later ones `reprocess`. */
    runCount: integer("run_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("videos_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("videos_user_storage_path_idx").on(t.userId, t.storagePath),
    index("videos_project_idx").on(t.projectId),
  ],
);

export const segments = pgTable(
  "segments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    userId: uuid("user_id").notNull(),
    module: text("module").notNull(),
    content: text("content").notNull(),
    startTime: doublePrecision("start_time").notNull(),
    endTime: doublePrecision("end_time").notNull(),
    metadata: text("metadata"),
    embedding: vector("embedding", { dimensions: EMBEDDING_DIMENSIONS }),
    embeddingModel: text("embedding_model"),
    contentTsv: tsvector("content_tsv").generatedAlwaysAs(SEGMENT_TSV_EXPRESSION),
    /** Corrected by its owner (PATCH …/segments/{id}): reprocessing keeps it unless told to discard edits. */
    edited: boolean("edited").notNull().default(false),
    /** The current revision: 0 for the machine's output, 1, 2, … after edits and restores. */
    revision: integer("revision").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("segments_content_tsv_idx").using("gin", t.contentTsv),
    index("segments_job_idx").on(t.jobId, t.module, t.startTime),
    index("segments_user_model_idx").on(t.userId, t.embeddingModel),
    // Approximate nearest neighbours for large search scopes on a Postgres server. Its migration
    // skips PGlite, where keeping the graph up to date costs ~14 ms per written vector and
    // scoped exact scans stay fast (see bench/search/README.md).
    index("segments_embedding_hnsw_idx").using("hnsw", t.embedding.op("vector_cosine_ops")),
  ],
);

/** Every version of an edited segment's text; revision 0 is the machine's original (written on the first edit). */
export const segmentRevisions = pgTable(
  "segment_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    segmentId: uuid("segment_id")
      .notNull()
      .references(() => segments.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    revision: integer("revision").notNull(),
    content: text("content").notNull(),
    metadata: text("metadata"),
    /** The user who wrote this revision; null for the machine's original. */
    editedBy: uuid("edited_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("segment_revisions_segment_revision_idx").on(t.segmentId, t.revision)],
);

/** A video's chapters as generated (and edited), one row per video; `fingerprint` names the segments they came from. */
export const videoChapters = pgTable("video_chapters", {
  videoId: uuid("video_id")
    .primaryKey()
    .references(() => videos.id, { onDelete: "cascade" }),
  userId: uuid("user_id").notNull(),
  jobId: uuid("job_id").notNull(),
  fingerprint: text("fingerprint").notNull(),
  chapters: jsonb("chapters").$type<StoredChapter[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface StoredChapter {
  index: number;
  start: number;
  end: number;
  title: string;
  summary: string | null;
  /** Who wrote the title: the offline key phrases, the model, or the owner. */
  source: "local" | "openai";
  /** The owner changed the title or summary (kept when the chapters are made again). */
  edited: boolean;
}

/** A run: one processing of a video (README › Words); what the engines claim and lease. */
export const processingRuns = pgTable(
  "processing_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** queued | running | completed | failed */
    status: text("status").notNull().default("queued"),
    action: text("action").notNull().default("process"),
    /** The modules this run executes (module names). */
    modules: jsonb("modules").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    engine: text("engine").notNull().default("embedded"),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { mode: "date" }),
    error: text("error"),
    startedAt: timestamp("started_at", { mode: "date" }),
    finishedAt: timestamp("finished_at", { mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("runs_status_idx").on(t.status, t.createdAt),
    index("runs_job_idx").on(t.jobId, t.createdAt),
  ],
);

/** A finished step of a run, so a restarted runner resumes instead of redoing. */
export const runSteps = pgTable(
  "run_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => processingRuns.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    output: jsonb("output"),
    finishedAt: timestamp("finished_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("run_steps_run_name_idx").on(t.runId, t.name)],
);

/**
 * A time range of a long video's run (lib/pipeline/chunks): claimed and leased by any worker like
 * a run, it decodes and analyses its range; the run merges the finished chunks into the whole.
 */
export const runChunks = pgTable(
  "run_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => processingRuns.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    userId: uuid("user_id").notNull(),
    idx: integer("idx").notNull(),
    /** The picture's range [start, end): end is the next chunk's start, a keyframe. */
    startTime: doublePrecision("start_time").notNull(),
    endTime: doublePrecision("end_time").notNull(),
    /** The audio's range: the borders moved to a silence nearby. */
    speechStart: doublePrecision("speech_start").notNull(),
    speechEnd: doublePrecision("speech_end").notNull(),
    /** queued | running | completed | failed | cancelled */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { mode: "date" }),
    output: jsonb("output"),
    error: text("error"),
    startedAt: timestamp("started_at", { mode: "date" }),
    finishedAt: timestamp("finished_at", { mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("run_chunks_run_idx_idx").on(t.runId, t.idx), index("run_chunks_status_idx").on(t.status, t.createdAt)],
);

/**
 * The processes that run chunks, each with its number of chunk slots, seen at its last heartbeat
 * (every CHUNK_WORKER_BEAT_MS): a run splits a long video only where more than one chunk can run
 * at once (lib/pipeline/chunks/chunk-worker.ts). A process that stops removes its row; one that
 * died is ignored once its heartbeat is old, and its row removed later.
 */
export const chunkWorkers = pgTable("chunk_workers", {
  owner: text("owner").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  slots: integer("slots").notNull(),
  startedAt: timestamp("started_at", { mode: "date" }).notNull().defaultNow(),
  seenAt: timestamp("seen_at", { mode: "date" }).notNull().defaultNow(),
});

/** Events of a run (module_started, module_completed, done, note): what the SSE route streams. */
export const runEvents = pgTable(
  "run_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: uuid("run_id")
      .notNull()
      .references(() => processingRuns.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("run_events_job_idx").on(t.jobId, t.id)],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: uuid("video_id").references(() => videos.id, { onDelete: "cascade" }),
    /** A session about a whole project: retrieval over all its videos (video_id stays null). */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("New chat"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chat_sessions_user_idx").on(t.userId, t.updatedAt)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    metadata: text("metadata"),
    feedbackId: uuid("feedback_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);

export const chatFeedback = pgTable("chat_feedback", {
  id: uuid("id").primaryKey().defaultRandom(),
  feedbackId: uuid("feedback_id").notNull().unique(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  rating: text("rating").notNull(),
  comment: text("comment"),
  createdAt: createdAt(),
});

export const usageRecords = pgTable(
  "usage_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    action: text("action").notNull(),
    durationMinutes: doublePrecision("duration_minutes").notNull(),
    processingTime: doublePrecision("processing_time").notNull(),
    /** The modules the run executed (module names). */
    modules: jsonb("modules").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index("usage_user_idx").on(t.userId, t.createdAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type").notNull().default("info"),
    isRead: integer("is_read").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

export const sharedReports = pgTable(
  "shared_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    shareHash: text("share_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("shared_reports_video_idx").on(t.videoId)],
);

/** A user's webhook endpoint: where events are POSTed, signed with `secret` (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** `whsec_` + base64: needed in clear to sign, shown to the user once. */
    secret: text("secret").notNull(),
    /** Event types to send; empty means all. */
    events: jsonb("events").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    enabled: integer("enabled").notNull().default(1),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId, t.createdAt)],
);

/** One message to one endpoint: the persisted retry queue and the delivery log at once. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** Also the `webhook-id` header: the same on every attempt. */
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The run event it mirrors (null for test events). */
    eventId: bigint("event_id", { mode: "number" }),
    /** The exact JSON body sent (text, so every attempt signs the same bytes). */
    payload: text("payload").notNull(),
    /** pending | delivered | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { mode: "date" }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { mode: "date" }),
    lastAttemptAt: timestamp("last_attempt_at", { mode: "date" }),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    attemptLog: jsonb("attempt_log").$type<WebhookAttempt[]>().notNull().default(sql`'[]'::jsonb`),
    deliveredAt: timestamp("delivered_at", { mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("webhook_deliveries_event_idx")
      .on(t.endpointId, t.eventId, t.eventType)
      .where(sql`${t.eventId} IS NOT NULL`),
  ],
);

export interface WebhookAttempt {
  attempt: number;
  at: string;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

/** A POST's first response under an Idempotency-Key, replayed for 24 h (lib/api/idempotency.ts). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/** Resumable multipart uploads in progress (lib/storage/multipart.ts). On S3 the parts live in S3
 * under `s3UploadId`; on local storage they are written into one temp file at their offsets and
 * each stored part is a row of `multipartParts`. Rows older than 24 h are aborted and removed. */
export const multipartUploads = pgTable(
  "multipart_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filePath: text("file_path").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    partSize: bigint("part_size", { mode: "number" }).notNull(),
    partCount: integer("part_count").notNull(),
    driver: text("driver").notNull(),
    s3UploadId: text("s3_upload_id"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
  },
  (t) => [
    index("multipart_uploads_user_idx").on(t.userId, t.createdAt),
    index("multipart_uploads_expires_idx").on(t.expiresAt),
    uniqueIndex("multipart_uploads_file_path_idx").on(t.filePath),
  ],
);

export const multipartParts = pgTable(
  "multipart_parts",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => multipartUploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    etag: text("etag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);


export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type Video = typeof videos.$inferSelect;
export type Segment = typeof segments.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Storage keys handed out in upload URLs that have not expired: no two outstanding URLs share a key. */
export const uploadReservations = pgTable(
  "upload_reservations",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("upload_reservations_expires_idx").on(t.expiresAt)],
);

/**
 * Rate-limit windows shared by every process on a Postgres server (lib/api/rate-limit.ts): one row
 * per credential or client address, a fixed one-minute window counted with one upsert. The
 * embedded database (one process) counts in memory instead.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    /** Start of the current window, epoch milliseconds. */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limit_counters_window_idx").on(t.windowStart)],
);

/**
 * Durations observed by any process (module steps, whole runs), as Prometheus histograms every web
 * process reads at scrape time (lib/metrics/scrape.ts). One row per metric, label value and bucket
 * (its upper bound `le`, Infinity for the last), holding that bucket's own count and sum: each
 * observation adds 1 to exactly one row, so the cumulative buckets never go down; rows are never
 * deleted (runs and videos are, which is why these are not derived from them).
 */
export const durationHistograms = pgTable(
  "duration_histograms",
  {
    metric: text("metric").notNull(),
    label: text("label").notNull(),
    le: doublePrecision("le").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    sum: doublePrecision("sum").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.label, t.le] })],
);

/** One range of a clip: a stretch of one of the user's videos, in seconds. */
export interface ClipRange {
  job_id: string;
  start: number;
  end: number;
}

/** A clip or highlight reel: ranges of videos cut into one MP4 (lib/clips). Claimed by the clip
 * worker like runs are: `queued`, or `processing` with an expired lease (its process died). */
export const clips = pgTable(
  "clips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** queued | processing | completed | failed */
    status: text("status").notNull().default("queued"),
    ranges: jsonb("ranges").$type<ClipRange[]>().notNull().default(sql`'[]'::jsonb`),
    duration: doublePrecision("duration").notNull().default(0),
    storagePath: text("storage_path"),
    fileSize: bigint("file_size", { mode: "number" }),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { mode: "date" }),
    finishedAt: timestamp("finished_at", { mode: "date" }),
    /** The clip's public share (a page and a stream without signing in) until revoked; null when not shared. */
    shareHash: text("share_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clips_user_idx").on(t.userId, t.createdAt, t.id),
    index("clips_status_idx").on(t.status, t.createdAt),
    uniqueIndex("clips_share_hash_idx").on(t.shareHash),
  ],
);
export type Clip = typeof clips.$inferSelect;

/** What an import run (a `processing_runs` row with engine `import`) fetches, and what it queues after. */
export const videoImports = pgTable(
  "video_imports",
  {
    runId: uuid("run_id")
      .primaryKey()
      .references(() => processingRuns.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    userId: uuid("user_id").notNull(),
    url: text("url").notNull(),
    /** The modules to run once the file is fetched (module names). */
    modules: jsonb("modules").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    initialPrompt: text("initial_prompt"),
    createdAt: createdAt(),
  },
  (t) => [index("video_imports_job_idx").on(t.jobId)],
);
export type VideoImport = typeof videoImports.$inferSelect;

/** Names given to the people found in a video (GET/PATCH /videos/{job_id}/people); "Person N" until renamed. */
export const videoPeople = pgTable(
  "video_people",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    personId: text("person_id").notNull(),
    name: text("name").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.personId] }), index("video_people_user_idx").on(t.userId)],
);
