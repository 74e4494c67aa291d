"use client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { useCreateKey } from "@/hooks/queries/keys";
import { errorDetail } from "@/lib/browser/api-client";

/** Name a new key, then show the full key once: the server keeps only its hash. */
export function CreateKeyForm() {
  const create = useCreateKey();
  const [name, setName] = useState("");
  const nameId = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate(name.trim(), { onSuccess: () => setName("") });
  }

  const created = create.data;
  if (created) {
    return (
      <SecretReveal
        title={<>Key &ldquo;{created.name}&rdquo; created</>}
        value={created.raw_key}
        label="New API key"
        copyLabel="Copy the new API key"
        testId="new-key-value"
        onDone={() => create.reset()}
      >
        Copy it now and keep it somewhere safe. This is the only time the full key is shown; if you lose it, delete it
        and create another.
      </SecretReveal>
    );
  }

  return (
    <form onSubmit={onSubmit} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs" aria-label="Create an API key">
      <label htmlFor={nameId} className="block text-sm font-medium text-zinc-800">
        New key name
      </label>
      <p className="mt-0.5 text-sm text-zinc-500" id={`${nameId}-help`}>
        Something that says where the key is used, e.g. &ldquo;CI pipeline&rdquo; or &ldquo;laptop script&rdquo;.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={255}
          required
          aria-describedby={`${nameId}-help`}
          placeholder="Key name"
          className="h-10 w-full min-w-0 sm:flex-1 rounded-lg border-0 bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-accent-600 focus:outline-none"
        />
        <Button type="submit" busy={create.isPending} disabled={!name.trim()}>
          Create key
        </Button>
      </div>
      {create.isError && (
        <Alert className="mt-3" tone="error">
          {errorDetail(create.error)}
        </Alert>
      )}
    </form>
  );
}
