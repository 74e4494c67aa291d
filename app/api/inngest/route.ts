import { serve } from "inngest/next";
import { inngest } from "@/lib/pipeline/inngest-client";
import { functions } from "@/inngest/functions/process-video";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET|POST|PUT /api/inngest – the Inngest serve endpoint (used when Inngest is configured)
export const { GET, POST, PUT } = serve({ client: inngest, functions });
export const { PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST", "PUT");
