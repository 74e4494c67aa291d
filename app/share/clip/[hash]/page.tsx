import type { Metadata } from "next";
import { SharedClipView } from "@/components/clips/shared-clip-view";

export const metadata: Metadata = { title: "Shared clip", robots: { index: false, follow: false } };

// A clip someone shared: no sign-in; it plays until the owner stops sharing it.
export default async function SharedClipPage({ params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  return <SharedClipView hash={hash} />;
}
