"use client";
// People seen in the video (faces grouped across it, lib/analysis/people): each with their face,
// their name (renamable: search and chat then use it), time on screen, and their appearances on a
// lane of the video's time axis whose blocks seek the player.
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { usePeople, useRenamePerson, type Person } from "@/hooks/queries/people";
import { errorDetail } from "@/lib/browser/api-client";
import { spokenTime } from "@/lib/browser/format";
import { toThisOrigin } from "@/lib/browser/upload";
import { formatClock } from "@/lib/core/clock";
import { segmentSeekTime, type PlayerStore } from "./player-store";
import { plural } from "@/lib/core/words";

function PersonRow({ jobId, person, duration, store }: { jobId: string; person: Person; duration: number; store: PlayerStore }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(person.name);
  const rename = useRenamePerson(jobId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate({ personId: person.person_id, name }, { onSuccess: () => setEditing(false) });
  };
  const label = `${person.name}: on screen ${formatClock(person.total_seconds)} in ${plural(person.appearances.length, "appearance")}`;
  return (
    <li className="flex items-start gap-3 px-5 py-3" data-testid="person" data-person-id={person.person_id}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a presigned picture behind a playback token */}
      <img src={toThisOrigin(person.thumbnail_url)} alt={`Face of ${person.name}`} width={48} height={48} className="size-12 shrink-0 rounded-lg bg-zinc-100 object-cover" />
      <div className="min-w-0 flex-1 space-y-1.5">
        {editing ? (
          <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`name-${person.person_id}`}>Name of {person.name}</label>
            <input
              id={`name-${person.person_id}`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={255}
              className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900"
              autoFocus
            />
            <Button size="sm" type="submit" disabled={rename.isPending || !name.trim()}>Save</Button>
            <Button size="sm" variant="ghost" type="button" onClick={() => (setEditing(false), setName(person.name))}>Cancel</Button>
          </form>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-zinc-900" data-testid="person-name">{person.name}</span>
            <span className="text-xs text-zinc-500">
              {person.unrecognised ? `${person.faces ?? 0} ${person.faces === 1 ? "face" : "faces"} too small or unclear to tell who · ` : ""}
              {formatClock(person.total_seconds)} on screen
            </span>
            {!person.unrecognised && <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Rename ${person.name}`}>Rename</Button>}
          </div>
        )}
        {rename.isError && <p className="text-xs text-red-700">{errorDetail(rename.error)}</p>}
        <div className="relative h-4 rounded bg-zinc-100 pointer-coarse:h-7" role="group" aria-label={label} data-testid="person-lane">
          {person.appearances.map((a) => (
            <button
              key={a.start}
              type="button"
              className="absolute inset-y-0 min-w-1 rounded bg-accent-600 pointer-coarse:min-w-6 hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-1"
              style={{ left: `${duration ? (a.start / duration) * 100 : 0}%`, width: `${duration ? ((a.end - a.start) / duration) * 100 : 0}%` }}
              onClick={() => store.seek(segmentSeekTime(a.start, a.end))}
              aria-label={`${person.name} from ${spokenTime(a.start)} to ${spokenTime(a.end)}`}
              title={`${formatClock(a.start)}–${formatClock(a.end)}`}
              data-testid="appearance"
            />
          ))}
        </div>
      </div>
    </li>
  );
}

export function PeoplePanel({ jobId, duration, store, groupingOff }: { jobId: string; duration: number; store: PlayerStore; groupingOff: boolean }) {
  const people = usePeople(jobId, { enabled: true });
  if (people.isPending) return null;
  if (people.isError) {
    return (
      <Alert tone="error" title="Could not load the people">
        {errorDetail(people.error)}
      </Alert>
    );
  }
  if (!people.data.length && !groupingOff) return null;
  return (
    <Card aria-labelledby="people-heading">
      <CardHeader title="People" titleId="people-heading" description="Faces grouped across the video. Name someone to find them in search and chat." />
      {groupingOff && !people.data.length ? (
        <p className="px-5 py-4 text-sm text-zinc-500">Face grouping is off on this server (FACE_GROUPING=0): people were not grouped.</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {people.data.map((p) => (
            <PersonRow key={p.person_id} jobId={jobId} person={p} duration={duration} store={store} />
          ))}
        </ul>
      )}
    </Card>
  );
}
