// Response types of the API for the browser, from the typed client's types (generated from the
// OpenAPI document, itself generated from the zod schemas the routes use).
import type { Schemas } from "@/lib/client/typed-client";

export type ApiKey = Schemas["ApiKey"];
export type Profile = Schemas["Profile"];
export type Dashboard = Schemas["Dashboard"];
export type Webhook = Schemas["Webhook"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
