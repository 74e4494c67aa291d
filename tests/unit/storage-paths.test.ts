import { describe, expect, it } from "vitest";
import type { ApiError } from "@/lib/core/errors";
import { clientErrorOf } from "@/lib/storage/errors";
import {
  assertSupportedExtension,
  isOwnedKey,
  isSafeKey,
  resolveListPrefix,
  resolveOwnedKey,
  sanitizeFilename,
  SUPPORTED_EXTENSIONS,
  withUniqueSuffix,
} from "@/lib/storage/paths";

const ME = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    // storage throws its own errors; the status and detail are the ones the API answers with
    const answered = clientErrorOf(err);
    if (answered) return answered;
    throw err;
  }
  throw new Error("did not throw");
}

describe("sanitizeFilename", () => {
  it.each([
    ["my video.mp4", "my_video.mp4"],
    ["a  b\tc.mov", "a__b_c.mov"],
    ["clip (final) [v2]!.mp4", "clip_final_v2.mp4"],
    ["../../etc/passwd.mp4", "etcpasswd.mp4"],
    ["dir\\sub\\x.mkv", "dirsubx.mkv"],
    ["/abs/path/video.MP4", "abspathvideo.MP4"],
    ["vidéo été.webm", "vidéo_été.webm"],
    ["a.b.c.mp4", "a.b.c.mp4"],
    ["report-2026_01.ts", "report-2026_01.ts"],
    [".hidden.mp4", "hidden.mp4"],
    ["..mp4", "file.mp4"],
    [".mp4", "file.mp4"],
    ["$$$.mp4", "file.mp4"],
    ["", "file"],
    ["   ", "___"],
    ["no_extension", "no_extension"],
    ["x\u0000y.mp4", "xy.mp4"],
    ["<script>alert(1)</script>.mp4", "scriptalert1script.mp4"],
  ])("%j → %j", (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it("keeps the extension and stays under 255 bytes for very long names", () => {
    const out = sanitizeFilename(`${"é".repeat(400)}.mp4`);
    expect(out.endsWith(".mp4")).toBe(true);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(200);
  });

  it("never returns an empty name or one with a path separator", () => {
    for (const s of ["/", "\\", "..", ".", "/..", "%%%", "\u0000"]) {
      const out = sanitizeFilename(s);
      expect(out).not.toBe("");
      expect(out).not.toMatch(/[\\/]/);
      expect(out).not.toMatch(/^\.+$/);
    }
  });
});

describe("withUniqueSuffix", () => {
  it("puts the suffix before the extension", () => {
    expect(withUniqueSuffix("clip.mp4", "a1b2c3")).toBe("clip_a1b2c3.mp4");
    expect(withUniqueSuffix("noext", "a1b2c3")).toBe("noext_a1b2c3");
  });
});

describe("assertSupportedExtension", () => {
  it("accepts the 19 extensions in any case", () => {
    expect(SUPPORTED_EXTENSIONS).toHaveLength(19);
    for (const ext of SUPPORTED_EXTENSIONS) {
      expect(() => assertSupportedExtension(`a${ext}`)).not.toThrow();
      expect(() => assertSupportedExtension(`a${ext.toUpperCase()}`)).not.toThrow();
    }
  });

  it("400 Unsupported file extension: .exe", () => {
    const err = errorOf(() => assertSupportedExtension("virus.exe"));
    expect([err.status, err.detail]).toEqual([400, "Unsupported file extension: .exe"]);
    expect(errorOf(() => assertSupportedExtension("VIRUS.EXE")).detail).toBe("Unsupported file extension: .exe");
    expect(errorOf(() => assertSupportedExtension("video")).detail).toBe("Unsupported file extension: (none)");
    expect(errorOf(() => assertSupportedExtension("mp4")).status).toBe(400);
  });
});

describe("resolveOwnedKey", () => {
  it("keeps the caller's users/ and results/ paths as given", () => {
    expect(resolveOwnedKey(ME, `users/${ME}/a.mp4`)).toBe(`users/${ME}/a.mp4`);
    expect(resolveOwnedKey(ME, `users/${ME}/sub/dir/a.mp4`)).toBe(`users/${ME}/sub/dir/a.mp4`);
    expect(resolveOwnedKey(ME, `results/${ME}/job/thumb.jpg`)).toBe(`results/${ME}/job/thumb.jpg`);
  });

  it("prefixes any other relative path with users/<user_id>/", () => {
    expect(resolveOwnedKey(ME, "a.mp4")).toBe(`users/${ME}/a.mp4`);
    expect(resolveOwnedKey(ME, "dir/a.mp4")).toBe(`users/${ME}/dir/a.mp4`);
    expect(resolveOwnedKey(ME, "Users/x/a.mp4")).toBe(`users/${ME}/Users/x/a.mp4`);
    expect(resolveOwnedKey(ME, "my..video.mp4")).toBe(`users/${ME}/my..video.mp4`);
  });

  it.each([
    `users/${OTHER}/a.mp4`,
    `results/${OTHER}/a.mp4`,
    `users/${ME}`,
    `users/${ME}/`,
    "users//a.mp4",
    `users/${ME}/../${OTHER}/a.mp4`,
    `users/${ME}/sub/../../${OTHER}/a.mp4`,
    "../a.mp4",
    "..",
    "a/../../b.mp4",
    "./a.mp4",
    "a/./b.mp4",
    "/etc/passwd",
    `/users/${ME}/a.mp4`,
    "C:/windows/a.mp4",
    "c:a.mp4",
    "%2e%2e/a.mp4",
    "%2E%2E%2Fa.mp4",
    `users/${ME}/%2e%2e/${OTHER}/a.mp4`,
    "%252e%252e/a.mp4",
    "%25252e%25252e/a.mp4",
    "..%2fa.mp4",
    "%2fetc%2fpasswd",
    `users%2F${OTHER}%2Fa.mp4`,
    "a\\..\\b.mp4",
    `users\\${OTHER}\\a.mp4`,
    "a%5c..%5cb.mp4",
    "a.mp4\u0000.jpg",
    "a%00.mp4",
    "a//b.mp4",
    "dir/",
    "",
  ])("403 for %j", (input) => {
    const err = errorOf(() => resolveOwnedKey(ME, input));
    expect([err.status, err.detail]).toEqual([403, "Storage path does not belong to this user"]);
  });
});

describe("isOwnedKey / isSafeKey", () => {
  it("only the caller's own areas", () => {
    expect(isOwnedKey(ME, `users/${ME}/a.mp4`)).toBe(true);
    expect(isOwnedKey(ME, `results/${ME}/j/a.json`)).toBe(true);
    expect(isOwnedKey(ME, `users/${OTHER}/a.mp4`)).toBe(false);
    expect(isOwnedKey(ME, "a.mp4")).toBe(false);
    expect(isOwnedKey(ME, `users/${ME}/../x`)).toBe(false);
    expect(isOwnedKey(ME, `users/${ME}`)).toBe(false);
  });

  it("safe keys are plain relative paths", () => {
    expect(isSafeKey("users/a/b.mp4")).toBe(true);
    expect(isSafeKey("a/b/")).toBe(false);
    expect(isSafeKey("a/b/", { allowTrailingSlash: true })).toBe(true);
    expect(isSafeKey("x".repeat(1025))).toBe(false);
  });
});

describe("resolveListPrefix", () => {
  it("stays inside users/<user_id>/", () => {
    expect(resolveListPrefix(ME, undefined)).toBe(`users/${ME}/`);
    expect(resolveListPrefix(ME, "")).toBe(`users/${ME}/`);
    expect(resolveListPrefix(ME, `users/${ME}`)).toBe(`users/${ME}/`);
    expect(resolveListPrefix(ME, `users/${ME}/sub/`)).toBe(`users/${ME}/sub/`);
    expect(resolveListPrefix(ME, "vid")).toBe(`users/${ME}/vid`);
    for (const bad of [`users/${OTHER}/`, `users/${OTHER}`, `results/${ME}/`, "../", "%2e%2e/", "/x", "a\\b"]) {
      expect(errorOf(() => resolveListPrefix(ME, bad)).status).toBe(403);
    }
  });
});
