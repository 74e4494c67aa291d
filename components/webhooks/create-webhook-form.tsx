"use client";
// Register an endpoint (URL, which events, a note), then show its signing secret once.
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { TextField } from "@/components/ui/form-dialog";
import { useCreateWebhook, type WebhookEvent } from "@/hooks/queries/webhooks";
import { errorDetail } from "@/lib/browser/api-client";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "@/lib/core/webhook-event-types";

const SELECTABLE = WEBHOOK_EVENT_TYPES.filter((t) => t !== "webhook.test");

export function CreateWebhookForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["video.completed", "video.failed"]);

  function toggle(type: WebhookEvent) {
    setEvents((prev) => (prev.includes(type) ? prev.filter((t) => t !== type) : [...prev, type]));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events, description: description.trim() },
      {
        onSuccess: () => {
          setUrl("");
          setDescription("");
        },
      },
    );
  }

  const created = create.data;
  if (created?.secret) {
    return (
      <SecretReveal
        title="Endpoint registered"
        value={created.secret}
        label="Signing secret"
        copyLabel="Copy the signing secret"
        testId="new-webhook-secret"
        onDone={() => create.reset()}
      >
        Its signing secret verifies that a request came from us (see the receiver example in the{" "}
        <a href="/docs#webhooks" className="font-medium text-accent-700 underline-offset-4 hover:underline">
          API docs
        </a>
        ). Copy it now: this is the only time it is shown.
      </SecretReveal>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs" aria-label="Add a webhook endpoint">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Endpoint URL"
          help={
            <>
              Where events are POSTed, an http(s) address. Addresses on this computer (localhost) or a private network are
              refused unless the server runs with <code className="font-mono text-xs">WEBHOOK_ALLOW_PRIVATE_URLS=1</code>, as an
              install without internet access needs.
            </>
          }
          type="url"
          required
          maxLength={2048}
          placeholder="https://example.com/webhooks/video"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label="Description (optional)"
          help="What receives these events."
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">Events</legend>
        <p className="mt-0.5 text-xs text-zinc-500">What to send; untick them all to receive every event.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {SELECTABLE.map((type) => (
            <label key={type} className="flex items-start gap-2 rounded-lg p-2 text-sm ring-1 ring-zinc-200 ring-inset hover:bg-zinc-50">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-accent-600"
                checked={events.includes(type)}
                onChange={() => toggle(type)}
              />
              <span>
                <span className="font-mono text-xs text-zinc-900">{type}</span>
                <span className="block text-xs text-zinc-500">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" busy={create.isPending} disabled={!url.trim()}>
          Add endpoint
        </Button>
      </div>
      {create.isError && (
        <Alert tone="error">
          {errorDetail(create.error)}
          {/private|loopback/i.test(errorDetail(create.error)) && (
            <span className="mt-1 block">
              To send webhooks to this computer or your own network, restart the server with{" "}
              <code className="font-mono text-xs">WEBHOOK_ALLOW_PRIVATE_URLS=1</code> (see the README&apos;s configuration table).
            </span>
          )}
        </Alert>
      )}
    </form>
  );
}
