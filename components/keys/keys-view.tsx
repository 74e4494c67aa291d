"use client";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { useKeys } from "@/hooks/queries/keys";
import { CreateKeyForm } from "./create-key-form";
import { KeysList } from "./keys-list";

export function KeysView() {
  const keys = useKeys();
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let scripts call the API as you: send one in the <code className="font-mono text-zinc-700">Authorization</code>{" "}
            header. See the{" "}
            <Link href="/docs" className="font-medium text-accent-700 underline-offset-4 hover:underline">
              API docs
            </Link>
            .
          </>
        }
      />
      <div className="space-y-6">
        <CreateKeyForm />
        <section aria-labelledby="keys-heading">
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id="keys-heading" className="text-base font-semibold text-zinc-900">
              Your keys
            </h2>
            {keys.data && (
              <p className="text-sm text-zinc-500">
                {keys.data.filter((k) => k.is_active).length} active · {keys.data.length} total
              </p>
            )}
          </div>
          <QueryView
            query={keys}
            loadingLabel="Loading keys…"
            errorTitle="Could not load your keys"
            empty={<EmptyState compact text="You have no API keys. Create one above." />}
          >
            {(data) => <KeysList keys={data} />}
          </QueryView>
        </section>
      </div>
    </>
  );
}
