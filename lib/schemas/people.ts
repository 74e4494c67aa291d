// People across a video (face grouping): who is on screen when, by faceres descriptions of the
// faces on the shots' keyframes, grouped over the whole video. No identity: "Person 1" … until
// the user names them.
import { z } from "zod";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { nameField } from "./common";
import { jobIdParams } from "./videos";

export const appearance = z.object({ start: z.number(), end: z.number() }).meta({ id: "PersonAppearance" });

export const personResponse = z
  .object({
    person_id: z.string().describe("A UUID, stable within one run of the video (a new run groups people afresh, with new ids)"),
    name: z.string().describe('"Person N" until renamed'),
    appearances: z.array(appearance).describe("Seconds on screen: the shots their face was seen in, one appearance per shot"),
    total_seconds: z.number(),
    thumbnail_url: z.string().describe("Their face (a 160 px JPEG), with the video's playback token"),
    unrecognised: z.literal(true).optional().describe('Only on the last entry, person_id "unrecognised": faces seen but too small or unclear to give to a person'),
    faces: z.number().int().optional().describe("With unrecognised: how many such faces were seen"),
  })
  .meta({ id: "Person" });

export const peopleResponse = z.array(personResponse);

export const personParams = jobIdParams.extend({ person_id: pathId("Person") });
export const renamePersonBody = z.object({ name: nameField });

const tag = "People";
export const peopleApi = {
  list: defineEndpoint({ method: "GET", path: "/videos/{job_id}/people", tag, summary: "The people seen in the video (faces grouped across it; empty when none were seen or FACE_GROUPING=0), in order of first appearance", auth: "required", params: jobIdParams, response: peopleResponse }),
  rename: defineEndpoint({ method: "PATCH", path: "/videos/{job_id}/people/{person_id}", tag, summary: "Name a person: search, chat and the results page then use the name (a new run of the video groups people afresh and drops names)", auth: "required", params: personParams, body: renamePersonBody, response: personResponse }),
};
