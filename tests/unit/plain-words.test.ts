// Words a person reads instead of internals: counts with their plurals, ranges that collapse when
// both ends agree, webhook delivery failures in sentences, notes about the install kept off every
// result, the local user's placeholder name and address, and what the module picker says and
// selects on an install without a model.
import { describe, expect, it } from "vitest";
import { plural, pluralWord, valueRange } from "@/lib/core/words";
import { deliveryFailureInWords } from "@/lib/webhooks/failure-words";
import { isSetupNote } from "@/lib/pipeline/modules/setup-notes";
import { greetingName, shownEmail } from "@/lib/browser/profile-words";
import { DEFAULT_MODULES, defaultModulesWith, withoutModelNote } from "@/lib/pipeline/modules/registry";
import { runCompletedMessage } from "@/lib/notifications/run-messages";

describe("plural", () => {
  it("one is singular, everything else plural, irregular plurals given", () => {
    expect(plural(1, "shot")).toBe("1 shot");
    expect(plural(0, "shot")).toBe("0 shots");
    expect(plural(2, "scene")).toBe("2 scenes");
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(3, "person", "people")).toBe("3 people");
    expect(plural(1200, "line")).toBe("1,200 lines");
    expect(pluralWord(1, "segment")).toBe("segment");
    expect(pluralWord(5, "segment")).toBe("segments");
  });
});

describe("valueRange", () => {
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  it("one value when the formatted ends agree (no “45%–45%”)", () => {
    expect(valueRange([0.45], pct)).toBe("45%");
    expect(valueRange([0.451, 0.449, 0.45], pct)).toBe("45%");
  });
  it("lowest–highest otherwise, whatever the order; empty for no values", () => {
    expect(valueRange([0.8, 0.12, 0.5], pct)).toBe("12%–80%");
    expect(valueRange([], pct)).toBe("");
  });
});

describe("deliveryFailureInWords", () => {
  it("names the failure in words, never the error code", () => {
    const cases: [string | null, number | null, RegExp][] = [
      ["ENOTFOUND: getaddrinfo ENOTFOUND no-such-host.invalid", null, /^The address could not be found/],
      ["EAI_AGAIN: getaddrinfo EAI_AGAIN hooks.example.com", null, /^The address could not be found/],
      ["ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9", null, /^The connection was refused/],
      ["ECONNRESET: socket hang up", null, /closed before an answer/],
      ["EHOSTUNREACH: connect EHOSTUNREACH 10.1.2.3:443", null, /cannot be reached/],
      ["Timed out after 10 s", null, /^No answer: timed out after 10 s$/],
      ["HTTP 500", 500, /^Answered 500: an error on the receiving server$/],
      ["HTTP 404", 404, /^Answered 404$/],
      ["Redirect (302) not followed", 302, /^Answered 302: a redirect/],
      ["Refused: the URL points to a loopback, private or link-local address", null, /WEBHOOK_ALLOW_PRIVATE_URLS=1/],
      ["UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate", null, /certificate was not accepted/],
      ["something odd", null, /^The request failed before an answer came$/],
    ];
    for (const [error, status, words] of cases) {
      const said = deliveryFailureInWords(error, status);
      expect(said, String(error)).toMatch(words);
      expect(said).not.toMatch(/\bE[A-Z_]{4,}\b/);
    }
  });

  it("says nothing about a delivery that succeeded", () => {
    expect(deliveryFailureInWords(null, 204)).toBeNull();
    expect(deliveryFailureInWords(null, null)).toBeNull();
  });
});

describe("notes about the install", () => {
  it("are told apart from notes about the video", () => {
    expect(isSetupNote("No vision model is configured: people, objects and settings are not described")).toBe(true);
    expect(isSetupNote("visualelements: No vision model is configured: people, objects and settings are not described")).toBe(true);
    expect(isSetupNote("No reasoning model is configured (set OPENAI_API_KEY): the summary …")).toBe(true);
    expect(isSetupNote("The file has no video stream")).toBe(false);
    expect(isSetupNote("No speech-to-text is configured (set OPENAI_API_KEY) and the video has no subtitle track")).toBe(false);
  });

  it("are left out of the bell's message", () => {
    const m = runCompletedMessage({
      name: "a.mp4",
      jobId: "6f1c2b9e-8d7a-4c3b-9e1f-0a2b3c4d5e6f",
      processingTime: 4,
      notes: ["logos: No vision model is configured: only brand names written on screen are recognised", "video_reasoning: No reasoning model is configured (set OPENAI_API_KEY): …"],
    });
    expect(m).not.toMatch(/note|configured|OPENAI/i);
  });
});

describe("the module picker on an install without a model", () => {
  const none = () => false;
  const all = () => true;
  it("leaves off by default a module that would find nothing (Logos without a vision model)", () => {
    expect(defaultModulesWith(all)).toEqual(DEFAULT_MODULES);
    expect(defaultModulesWith(none)).not.toContain("logos");
    expect(defaultModulesWith(none)).toContain("visualelements");
  });
  it("says once what a module cannot do without its model, and nothing when the model is there", () => {
    expect(withoutModelNote("logos", none)).toMatch(/only brand names written on screen/);
    expect(withoutModelNote("visualelements", none)).toMatch(/not described in sentences/);
    expect(withoutModelNote("logos", all)).toBeNull();
    expect(withoutModelNote("shots", none)).toBeNull();
  });
});

describe("the signed-in person's name and address", () => {
  it("greets a real name, not the first start's “Local user”", () => {
    expect(greetingName("Ada Lovelace")).toBe("Ada");
    expect(greetingName("Local user")).toBeNull();
    expect(greetingName("  ")).toBeNull();
    expect(greetingName(null)).toBeNull();
  });
  it("shows an address that reaches someone, not local@localhost", () => {
    expect(shownEmail("ada@example.com")).toBe("ada@example.com");
    expect(shownEmail("local@localhost")).toBeNull();
    expect(shownEmail("me@box")).toBeNull();
    expect(shownEmail(undefined)).toBeNull();
  });
});
