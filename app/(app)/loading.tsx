import { LoadingBlock } from "@/components/ui/spinner";

// While a signed-in page loads: the shell stays, the content area shows this.
export default function Loading() {
  return <LoadingBlock label="Loading…" className="py-24" />;
}
