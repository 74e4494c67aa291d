import type { Metadata } from "next";
import { ResultsView } from "@/components/results/results-view";

export const metadata: Metadata = { title: "Video" };

// `?t=<seconds>` starts the player there (search hits and chat time stamps link here).
export default async function VideoResultsPage({
  params,
  searchParams,
}: {
  params: Promise<{ jobId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { jobId } = await params;
  const q = await searchParams;
  const t = typeof q.t === "string" ? Number.parseFloat(q.t) : NaN;
  return <ResultsView key={jobId} jobId={jobId} initialTime={Number.isFinite(t) && t > 0 ? t : undefined} />;
}
