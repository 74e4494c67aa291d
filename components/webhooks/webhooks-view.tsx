"use client";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { useWebhooks } from "@/hooks/queries/webhooks";
import { CreateWebhookForm } from "./create-webhook-form";
import { WebhookCard } from "./webhook-card";

export function WebhooksView() {
  const webhooks = useWebhooks();
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            We POST processing events to your endpoints, signed with the endpoint&apos;s secret (Standard Webhooks), and
            retry for about a day until they answer 2xx. Payloads and the signature check are in the{" "}
            <Link href="/docs#webhooks" className="font-medium text-accent-700 underline-offset-4 hover:underline">
              API docs
            </Link>
            .
          </>
        }
      />
      <div className="space-y-6">
        <CreateWebhookForm />
        <section aria-labelledby="webhooks-heading">
          <h2 id="webhooks-heading" className="mb-3 text-base font-semibold text-zinc-900">
            Your endpoints
          </h2>
          <QueryView
            query={webhooks}
            loadingLabel="Loading endpoints…"
            errorTitle="Could not load your webhook endpoints"
            empty={<EmptyState compact text="No endpoints yet. Add one above." />}
          >
            {(data) => (
              <ul className="space-y-4" aria-label="Webhook endpoints">
                {data.map((w) => (
                  <WebhookCard key={w.id} webhook={w} />
                ))}
              </ul>
            )}
          </QueryView>
        </section>
      </div>
    </>
  );
}
