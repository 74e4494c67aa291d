import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { renamePerson } from "@/lib/people/people-ops";
import { peopleApi, personResponse } from "@/lib/schemas/people";

export const dynamic = "force-dynamic";

// PATCH /api/videos/{job_id}/people/{person_id} – name a person
export const PATCH = handle(peopleApi.rename, async ({ db, user, params, body }) =>
  personResponse.parse(await renamePerson(db, { userId: user.user_id, jobId: params.job_id, personId: params.person_id, name: body.name })),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
