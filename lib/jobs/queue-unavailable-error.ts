// The engine could not take a run: thrown by the Inngest client, turned into a 503 by the queueing
// operation. A file of its own so the engine selector and the Inngest client need not import each other.

/** The engine could not take the run (the run was marked failed); the message says so to a person. */
export class QueueUnavailableError extends Error {
  constructor(message = "The job queue is unavailable; processing was not started. Try again later.") {
    super(message);
    this.name = "QueueUnavailableError";
  }
}
