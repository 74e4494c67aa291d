// Every endpoint contract of the API. A test fails when a route handler has no entry here.
import type { Endpoint } from "@/lib/schemas/contract";
import { chatApi } from "@/lib/schemas/chat";
import { clipSharesApi, clipsApi } from "@/lib/schemas/clips";
import { importsApi } from "@/lib/schemas/imports";
import { dashboardApi } from "@/lib/schemas/dashboard";
import { enterpriseApi } from "@/lib/schemas/enterprise";
import { healthApi } from "@/lib/schemas/health";
import { keysApi } from "@/lib/schemas/keys";
import { mcpApi } from "@/lib/schemas/mcp";
import { metricsApi } from "@/lib/schemas/metrics";
import { notificationsApi } from "@/lib/schemas/notifications";
import { openapiApi } from "@/lib/schemas/openapi";
import { peopleApi } from "@/lib/schemas/people";
import { pingApi } from "@/lib/schemas/ping";
import { playbackApi } from "@/lib/schemas/playback";
import { projectsApi } from "@/lib/schemas/projects";
import { multipartApi } from "@/lib/schemas/multipart";
import { storageApi } from "@/lib/schemas/storage";
import { resultsApi } from "@/lib/schemas/results";
import { segmentEditsApi } from "@/lib/schemas/segment-edits";
import { chaptersApi } from "@/lib/schemas/chapters";
import { searchApi } from "@/lib/schemas/search";
import { sharesApi } from "@/lib/schemas/shares";
import { usageApi } from "@/lib/schemas/usage";
import { videosApi } from "@/lib/schemas/videos";
import { webhooksApi } from "@/lib/schemas/webhooks";

const groups: Record<string, Endpoint>[] = [
  healthApi,
  pingApi,
  metricsApi,
  openapiApi,
  keysApi,
  dashboardApi,
  videosApi,
  resultsApi,
  segmentEditsApi,
  chaptersApi,
  peopleApi,
  storageApi,
  multipartApi,
  projectsApi,
  usageApi,
  notificationsApi,
  sharesApi,
  playbackApi,
  enterpriseApi,
  searchApi,
  chatApi,
  webhooksApi,
  mcpApi,
  clipsApi,
  clipSharesApi,
  importsApi,
];

export const allEndpoints: Endpoint[] = groups.flatMap((g) => Object.values(g));
