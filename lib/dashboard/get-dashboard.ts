// The dashboard: the caller's whole account in one response, with a fixed number of queries
// (five, whatever the number of videos, keys or projects): profile, keys, usage by action,
// videos, projects with their counts. The usage summary's file total comes from the videos read.
import type { Db } from "@/db/client";
import { listApiKeys } from "@/db/queries/api-keys";
import { listProjects } from "@/db/queries/projects";
import { usageByAction } from "@/db/queries/usage";
import { getProfile } from "@/db/queries/users";
import { listVideos } from "@/db/queries/videos";
import { toKeyResponse } from "@/lib/schemas/keys";
import { toProfileResponse } from "@/lib/schemas/profile";
import { toProjectResponse } from "@/lib/schemas/projects";
import { toVideoResponse } from "@/lib/videos/video-response";
import { computeUsageSummary } from "@/lib/usage/usage-summary";

export async function getDashboard(db: Db, userId: string) {
  const [profile, keys, byAction, videos, projects] = await Promise.all([
    getProfile(db, userId),
    listApiKeys(db, userId),
    usageByAction(db, userId),
    listVideos(db, { userId }),
    listProjects(db, userId),
  ]);
  if (!profile) throw new Error(`user ${userId} has no profile`); // createUser makes both in one transaction
  const totalFileBytes = videos.reduce((sum, v) => sum + v.fileSize, 0);
  return {
    profile: toProfileResponse(profile),
    api_keys: keys.map((k) => toKeyResponse(k)),
    usage: computeUsageSummary({ byAction, bonusMinutes: profile.bonusMinutes, totalFileBytes }),
    videos: videos.map(toVideoResponse),
    projects: projects.map(toProjectResponse),
  };
}
