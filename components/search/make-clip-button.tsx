"use client";
// "Make a clip" from the hits on screen: the same search (query, filters, threshold) as a clip
// request, its top hits (up to 20) joined in rank order with a second of padding, then to /clips.
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useCreateClip } from "@/hooks/queries/clips";
import { errorDetail } from "@/lib/browser/api-client";
import type { ModuleName } from "@/lib/pipeline/modules/registry";

export function MakeClipButton({ query, jobId, modules, threshold, hits }: { query: string; jobId?: string; modules: ModuleName[]; threshold: number; hits: number }) {
  const create = useCreateClip();
  const router = useRouter();
  const limit = Math.min(20, Math.max(1, hits));
  return (
    <span className="inline-flex items-center gap-2">
      {create.isError && (
        <span className="text-xs text-red-700" role="alert">
          {errorDetail(create.error)}
        </span>
      )}
      <Button
        size="sm"
        variant="secondary"
        busy={create.isPending}
        data-testid="make-clip-from-search"
        onClick={() =>
          create.mutate(
            {
              search: { query, threshold, ...(jobId ? { job_ids: [jobId] } : {}), ...(modules.length ? { modules } : {}) },
              limit,
              padding_s: 1,
            },
            { onSuccess: (r) => router.push(`/clips?clip=${r.clip_id}`) },
          )
        }
      >
        Make a clip of {limit === 1 ? "this moment" : `the top ${limit}`}
      </Button>
    </span>
  );
}
