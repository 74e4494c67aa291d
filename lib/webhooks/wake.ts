// Wakes this process's webhook dispatchers when deliveries were queued here, so they claim at once
// instead of at their next poll. A file of its own: the queueing (./enqueue.ts) and the
// dispatcher (./dispatcher.ts), which subscribes the queueing to run events, both use it.
import { processSingleton } from "@/lib/core/process-singleton";

type Waker = () => void;
export const webhookWakers = processSingleton<Set<Waker>>("__vaWebhookWakers", () => new Set<Waker>());

/** Called after deliveries were queued in this process: local dispatchers claim at once. */
export function wakeWebhookDispatchers(): void {
  for (const w of webhookWakers) w();
}
