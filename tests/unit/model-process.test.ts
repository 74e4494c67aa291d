// The model processes' lifecycle (lib/ai/model-process.ts), on the real TF.js models' process with
// no model loaded: started on the first request, errors come back as errors, a killed process
// fails what waits on it and is replaced on the next request, stop() ends it — also when idle, in
// a script that then ends by itself — and a parent that dies takes its model process with it; it
// runs at a lower priority than the server; a request whose signal aborts is given up at once.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MODEL_NICENESS } from "@/lib/ai/model-process";
import { tfjsModels } from "@/lib/ai/tfjs-models";

afterAll(() => tfjsModels.stop());

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));

async function until(what: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (what()) return true;
  return what();
}

/** tests/helpers/model-process-parent.ts as its own Node process; resolves once it printed its child's pid. */
function parent(mode: "stop" | "wait") {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "../helpers/model-process-parent.ts"), mode], {
    cwd: path.join(__dirname, "../.."),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
  const childPid = new Promise<number>((resolve, reject) => {
    proc.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /pid (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`the parent ended without a pid: ${out}`)));
  });
  return { proc, childPid, exited, output: () => out };
}

describe("a model process", () => {
  it("starts on the first request, answers, and returns the child's errors", async () => {
    await tfjsModels.stop();
    expect(tfjsModels.pid()).toBeUndefined();
    const stats = await tfjsModels.ask<{ wasmHeapBytes: number }>("stats");
    expect(stats.wasmHeapBytes).toBe(0); // nothing loaded until a model is asked for
    const pid = tfjsModels.pid()!;
    expect(alive(pid)).toBe(true);
    // It yields the cores to the decode pass (and to the server).
    expect(os.getPriority(pid)).toBe(Math.max(os.getPriority(), MODEL_NICENESS));
    expect(os.getPriority(pid)).toBeGreaterThan(0);
    await expect(tfjsModels.ask("no-such-request")).rejects.toThrow("unknown request no-such-request");
    expect(tfjsModels.pid()).toBe(pid);
  });

  it("gives up a request at once when its signal aborts, and goes on answering the next", async () => {
    await tfjsModels.ask("stats");
    const pid = tfjsModels.pid()!;
    const controller = new AbortController();
    const asked = tfjsModels.ask("stats", {}, controller.signal);
    controller.abort(new Error("the run was cancelled"));
    await expect(asked).rejects.toThrow("the run was cancelled"); // not the answer that comes later
    await expect(tfjsModels.ask("stats", {}, controller.signal)).rejects.toThrow("the run was cancelled");
    expect(await tfjsModels.ask<{ wasmHeapBytes: number }>("stats")).toHaveProperty("wasmHeapBytes");
    expect(tfjsModels.pid()).toBe(pid);
  });

  it("fails what waits on a killed process with the reason, and starts a new one on the next request", async () => {
    await tfjsModels.ask("stats");
    const pid = tfjsModels.pid()!;
    const waiting = tfjsModels.ask("encoder-load");
    process.kill(pid, "SIGKILL");
    await expect(waiting).rejects.toThrow("the TF.js models process stopped (SIGKILL)");
    await tfjsModels.ask("stats");
    expect(tfjsModels.pid()).not.toBe(pid);
  });

  it("stops when asked, idle, and a script awaiting that ends by itself", async () => {
    await tfjsModels.ask("stats");
    const pid = tfjsModels.pid()!;
    await tfjsModels.stop();
    expect(tfjsModels.pid()).toBeUndefined();
    expect(alive(pid)).toBe(false);

    const run = parent("stop");
    const childPid = await run.childPid;
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("stopped");
    expect(alive(childPid)).toBe(false);
  });

  it("ends when its parent is killed", async () => {
    const run = parent("wait");
    const childPid = await run.childPid;
    expect(alive(childPid)).toBe(true);
    run.proc.kill("SIGKILL");
    await run.exited;
    expect(await until(() => !alive(childPid), 10_000)).toBe(true);
  });
});
