"use client";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/spinner";
import { useKeys } from "@/hooks/queries/keys";
import { errorDetail } from "@/lib/client/api-client";
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
          {keys.isPending ? (
            <LoadingBlock label="Loading keys…" />
          ) : keys.isError ? (
            <Alert
              tone="error"
              title="Could not load your keys"
              action={
                <Button size="sm" variant="secondary" onClick={() => keys.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorDetail(keys.error)}
            </Alert>
          ) : keys.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-8 text-center text-sm text-zinc-500">
              You have no API keys. Create one above.
            </p>
          ) : (
            <KeysList keys={keys.data} />
          )}
        </section>
      </div>
    </>
  );
}
