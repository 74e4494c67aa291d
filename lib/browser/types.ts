// Response types of the API for the browser, inferred from the same zod schemas the routes use
// (type-only imports: nothing of the server is bundled).
import type { z } from "zod";
import type { dashboardResponse } from "@/lib/schemas/dashboard";
import type { keyResponse } from "@/lib/schemas/keys";
import type { profileResponse } from "@/lib/schemas/profile";
import type { webhookDeliveryResponse, webhookResponse } from "@/lib/schemas/webhooks";

export type ApiKey = z.output<typeof keyResponse>;
export type Profile = z.output<typeof profileResponse>;
export type Dashboard = z.output<typeof dashboardResponse>;
export type Webhook = z.output<typeof webhookResponse>;
export type WebhookDelivery = z.output<typeof webhookDeliveryResponse>;
export type OkResponse = { ok: true };
