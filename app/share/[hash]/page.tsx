import type { Metadata } from "next";
import { SharedReportView } from "@/components/results/shared-report-view";

export const metadata: Metadata = { title: "Shared report", robots: { index: false, follow: false } };

// A report someone shared: no sign-in, read-only. `?t=<seconds>` starts the player there.
export default async function SharedReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ hash: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { hash } = await params;
  const q = await searchParams;
  const t = typeof q.t === "string" ? Number.parseFloat(q.t) : NaN;
  return <SharedReportView hash={hash} initialTime={Number.isFinite(t) && t > 0 ? t : undefined} />;
}
