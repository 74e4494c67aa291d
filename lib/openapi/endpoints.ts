// Every endpoint contract of the API. A test fails when a route handler has no entry here.
import type { Endpoint } from "@/lib/api/contract";
import { dashboardApi } from "@/lib/schemas/dashboard";
import { healthApi } from "@/lib/schemas/health";
import { keysApi } from "@/lib/schemas/keys";
import { openapiApi } from "@/lib/schemas/openapi";
import { storageApi } from "@/lib/schemas/storage";
import { resultsApi } from "@/lib/schemas/results";
import { videosApi } from "@/lib/schemas/videos";

const groups: Record<string, Endpoint>[] = [healthApi, openapiApi, keysApi, dashboardApi, videosApi, resultsApi, storageApi];

export const allEndpoints: Endpoint[] = groups.flatMap((g) => Object.values(g));
