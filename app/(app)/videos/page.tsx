import type { Metadata } from "next";
import { VideosView } from "@/components/videos/videos-view";
import type { VideoStatus } from "@/hooks/queries/videos";

export const metadata: Metadata = { title: "Videos" };

const STATUSES = new Set(["importing", "uploaded", "queued", "processing", "completed", "failed"]);

export default async function VideosPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const status = typeof q.status === "string" && STATUSES.has(q.status) ? (q.status as VideoStatus) : undefined;
  const project = typeof q.project === "string" ? q.project : undefined;
  return <VideosView initialStatus={status} initialProject={project} />;
}
