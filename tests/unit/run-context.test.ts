// untilAborted (lib/core/run-context.ts): what a cancelled run's steps wait on — the work's own
// outcome, or the abort's reason the moment the signal aborts, with the abandoned work's later
// failure swallowed rather than reported as an unhandled rejection.
import { describe, expect, it } from "vitest";
import { untilAborted } from "@/lib/core/run-context";

describe("untilAborted", () => {
  it("passes the work's value and error through while the signal stays quiet", async () => {
    const signal = new AbortController().signal;
    await expect(untilAborted(Promise.resolve(42), signal)).resolves.toBe(42);
    await expect(untilAborted(Promise.reject(new Error("broke")), signal)).rejects.toThrow("broke");
  });

  it("rejects with the reason as the signal aborts, though the work never ends", async () => {
    const controller = new AbortController();
    const waiting = untilAborted(new Promise<number>(() => {}), controller.signal);
    controller.abort(new Error("video deleted"));
    await expect(waiting).rejects.toThrow("video deleted");
    await expect(untilAborted(Promise.resolve(1), controller.signal)).rejects.toThrow("video deleted");
  });

  it("leaves no unhandled rejection when abandoned work fails later", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      const controller = new AbortController();
      const fails: ((e: Error) => void)[] = [];
      const work = () => new Promise<never>((_, reject) => void fails.push(reject));
      const waiting = untilAborted(work(), controller.signal);
      controller.abort(new Error("cancelled"));
      await expect(waiting).rejects.toThrow("cancelled");
      await expect(untilAborted(work(), controller.signal)).rejects.toThrow("cancelled"); // aborted before
      expect(fails).toHaveLength(2);
      for (const fail of fails) fail(new Error("the child process was killed"));
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
