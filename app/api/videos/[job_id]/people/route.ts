import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { listPeople } from "@/lib/people/people-ops";
import { peopleApi, peopleResponse } from "@/lib/schemas/people";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/people – the people seen in the video (faces grouped across it)
export const GET = handle(peopleApi.list, async ({ db, user, params }) => peopleResponse.parse(await listPeople(db, { userId: user.user_id, jobId: params.job_id })));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
