// A streamed chat answer in the browser: the answer's first words are on screen (with the
// "still writing" spinner) while the rest of the stream has not arrived, then the whole answer.
// No timing: the page's fetch of the stream is gated (an init script) so that after the stream's
// first `delta` event nothing more reaches the page until the spec has seen that delta rendered.
// Stopping is covered by tests/api/chat-stream.test.ts.
import { expect, test, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { signInAs } from "./pages/sign-in-page";
import { createUser, uniqueEmail } from "./support/cli";
import { CLIP_SUBTITLES, makeClip, processClip } from "./support/clips";
import { snap } from "./support/screenshots";

type Gate = { firstDelta: string | null; release: () => void };

/**
 * Wraps the page's fetch: a streamed POST /api/chat/ask passes its bytes through up to the end of
 * its first `delta` event, then holds the rest until `window.__streamGate.release()`.
 */
async function gateAnswerStream(page: Page) {
  await page.addInitScript(() => {
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    const gate: Gate = { firstDelta: null, release };
    (window as unknown as { __streamGate: Gate }).__streamGate = gate;
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!/\/api\/chat\/ask$/.test(new URL(url, location.href).pathname) || !/text\/event-stream/.test(res.headers.get("content-type") ?? "") || !res.body) {
        return res;
      }
      const reader = res.body.getReader();
      const encoder = new TextEncoder();
      const decoder = new TextDecoder();
      let text = "";
      let held = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (held) {
            // Everything after the first delta, once released.
            await released;
            held = false;
            if (text) controller.enqueue(encoder.encode(text));
            text = "";
            return;
          }
          const { done, value } = await reader.read();
          if (done) return controller.close();
          if (gate.firstDelta !== null) return controller.enqueue(value);
          text += decoder.decode(value, { stream: true });
          const m = /data: (\{"type":"delta".*?\})\r?\n\r?\n/.exec(text);
          if (!m) return;
          const cut = m.index + m[0].length;
          gate.firstDelta = (JSON.parse(m[1]!) as { text: string }).text;
          controller.enqueue(encoder.encode(text.slice(0, cut)));
          text = text.slice(cut);
          held = true;
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  });
}

test("a chat answer streams in progressively", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const user = createUser({ email: uniqueEmail("stream"), name: "Sam Stream" });
  const clipName = `stream-clip-${testInfo.project.name}`;
  const jobId = await processClip(user.api_key, makeClip(clipName), { modules: ["transcription"] });

  await signInAs(page, user.api_key);
  const chat = new ChatPage(page);
  await gateAnswerStream(page);
  // The machine running the specs may be busy: the video can take a while to load.
  await page.goto(`/chat?video=${jobId}`);
  await expect(chat.conversationTitle()).toHaveText("New chat", { timeout: 60_000 });
  // A question that matches every line, so the answer is a few lines long.
  await chat.question.fill("the red room, everything green, the blue sea?");
  await chat.question.press("Enter");

  // The first delta is on screen as the answer so far, still being written, and nothing more.
  const partial = chat.pending.getByTestId("streaming-answer");
  await expect(partial).toBeVisible({ timeout: 60_000 });
  const firstDelta = await page.evaluate(() => (window as unknown as { __streamGate: Gate }).__streamGate.firstDelta);
  expect(firstDelta?.trim()).toBeTruthy();
  // (A word of it: the delta is Markdown, rendered.)
  await expect(partial).toContainText(/[A-Za-z]{2,}/.exec(firstDelta!)?.[0] ?? "");
  const shown = ((await partial.textContent()) ?? "").replace(/^Answer so far:\s*/, "").trim();
  await expect(chat.answers).toHaveCount(0);
  await snap(page, testInfo, "70-chat-streamed", { fullPage: false });

  // Then the rest of the stream: the final answer replaces the partial one, and is far longer.
  await page.evaluate(() => (window as unknown as { __streamGate: Gate }).__streamGate.release());
  await expect(chat.answers.first()).toContainText(CLIP_SUBTITLES[1].text, { timeout: 60_000 });
  await expect(chat.pending).toHaveCount(0);
  const final = ((await chat.answers.first().textContent()) ?? "").replace(/^Answer:\s*/, "");
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(final.length / 2);
});
