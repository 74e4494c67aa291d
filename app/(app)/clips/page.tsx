import type { Metadata } from "next";
import { Suspense } from "react";
import { ClipsView } from "@/components/clips/clips-view";

export const metadata: Metadata = { title: "Clips" };

export default function ClipsPage() {
  return (
    <Suspense>
      <ClipsView />
    </Suspense>
  );
}
