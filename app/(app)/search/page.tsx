import type { Metadata } from "next";
import { Suspense } from "react";
import { SearchView } from "@/components/search/search-view";
import { LoadingBlock } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Search" };

// `?q=…&video=…&modules=…&threshold=…&limit=…` hold the search, read in the browser
// (useSearchParams), so the page itself is static.
export default function SearchPage() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading search…" />}>
      <SearchView />
    </Suspense>
  );
}
