// The chat page's Markdown: answers become plain data and React elements (never HTML from the
// answer), with the [mm:ss] time stamps they cite as seek buttons.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "@/components/chat/markdown";
import { parseInline, parseStamp, parseStampGroup, safeHref, type Inline } from "@/components/chat/markdown-inline";
import { parseMarkdown, type Block } from "@/components/chat/markdown-parse";

const html = (source: string, onSeek?: (s: number) => void) => renderToStaticMarkup(createElement(Markdown, { source, onSeek }));
const times = (nodes: Inline[]) => nodes.filter((n) => n.type === "time");

describe("time stamps", () => {
  it("reads mm:ss and h:mm:ss, refusing minutes or seconds past 59", () => {
    expect(parseStamp("00:02")).toBe(2);
    expect(parseStamp("01:23")).toBe(83);
    expect(parseStamp("1:02:03")).toBe(3723);
    expect(parseStamp("12:05.5")).toBe(725.5);
    expect(parseStamp("01:75")).toBeNull();
    expect(parseStamp("1:60:00")).toBeNull();
    expect(parseStamp("abc")).toBeNull();
  });

  it("turns [01:23], ranges with en dash or hyphen, and lists in one bracket into time nodes", () => {
    expect(parseInline("see [01:23].")).toEqual([
      { type: "text", text: "see " },
      { type: "time", start: 83, end: null, label: "01:23" },
      { type: "text", text: "." },
    ]);
    expect(times(parseInline("[01:30–01:35]"))).toEqual([{ type: "time", start: 90, end: 95, label: "01:30–01:35" }]);
    expect(times(parseInline("[01:30 - 01:35]"))).toEqual([{ type: "time", start: 90, end: 95, label: "01:30–01:35" }]);
    expect(times(parseInline("[1:02:03]"))).toEqual([{ type: "time", start: 3723, end: null, label: "1:02:03" }]);
    expect(parseStampGroup("00:05, 00:09")).toEqual([
      { type: "time", start: 5, end: null, label: "00:05" },
      { type: "text", text: ", " },
      { type: "time", start: 9, end: null, label: "00:09" },
    ]);
    expect(times(parseInline("Acme Flour (also at [01:50])"))).toEqual([{ type: "time", start: 110, end: null, label: "01:50" }]);
  });

  it("leaves brackets that are not times as text", () => {
    for (const s of ["[note]", "[01:75]", "[1:2]", "[01:23 and more]", "[", "a ] b [ c"]) {
      expect(parseInline(s)).toEqual([{ type: "text", text: s }]);
    }
  });

  it("parses the answer made without a model: an opening line and a list of moments", () => {
    const answer = "No language model is configured, so here are the most relevant moments:\n\n- [00:02] Now everything is green (transcription)\n- [00:04] And finally the blue sea (transcription)";
    const blocks = parseMarkdown(answer);
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "list"]);
    const list = blocks[1] as Extract<Block, { type: "list" }>;
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toEqual([
      {
        type: "paragraph",
        children: [
          { type: "time", start: 2, end: null, label: "00:02" },
          { type: "text", text: " Now everything is green (transcription)" },
        ],
      },
    ]);
  });

  it("renders a seek button per time stamp, carrying its start", () => {
    const out = html("Green at [00:02] and [01:30–01:35].", () => {});
    expect(out.match(/<button/g)).toHaveLength(2);
    expect(out).toContain('aria-label="Play from 00:02"');
    expect(out).toContain('data-seconds="2"');
    expect(out).toContain('data-seconds="90"');
    // Without a player there is nothing to seek: plain text.
    expect(html("at [00:02]")).not.toContain("<button");
  });
});

describe("inline Markdown", () => {
  it("bold, italic, bold italic, inline code and escapes", () => {
    expect(parseInline("**bold** and *it* and _it_ and ***both***")).toEqual([
      { type: "strong", children: [{ type: "text", text: "bold" }] },
      { type: "text", text: " and " },
      { type: "em", children: [{ type: "text", text: "it" }] },
      { type: "text", text: " and " },
      { type: "em", children: [{ type: "text", text: "it" }] },
      { type: "text", text: " and " },
      { type: "strong", children: [{ type: "em", children: [{ type: "text", text: "both" }] }] },
    ]);
    expect(parseInline("`a **b** [00:02]`")).toEqual([{ type: "code", text: "a **b** [00:02]" }]);
    expect(parseInline("\\*not\\* \\[00:02]")).toEqual([{ type: "text", text: "*not* [00:02]" }]);
    expect(parseInline("*a **b** c*")).toEqual([
      { type: "em", children: [{ type: "text", text: "a " }, { type: "strong", children: [{ type: "text", text: "b" }] }, { type: "text", text: " c" }] },
    ]);
  });

  it("keeps snake_case, lone stars and unclosed runs as text", () => {
    expect(parseInline("snake_case_name")).toEqual([{ type: "text", text: "snake_case_name" }]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ type: "text", text: "2 * 3 * 4" }]);
    expect(parseInline("**open and `open")).toEqual([{ type: "text", text: "**open and `open" }]);
  });

  it("links: web, mail and this site's paths only", () => {
    expect(parseInline("[docs](https://example.com/a?b=1)")).toEqual([{ type: "link", href: "https://example.com/a?b=1", children: [{ type: "text", text: "docs" }] }]);
    expect(parseInline("[v](/videos/1 \"title\")")).toEqual([{ type: "link", href: "/videos/1", children: [{ type: "text", text: "v" }] }]);
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "//evil.example", "vbscript:x"]) {
      expect(safeHref(href)).toBeNull();
      expect(parseInline(`[x](${href})`).some((n) => n.type === "link")).toBe(false);
    }
  });

  it("a line break inside a paragraph is kept", () => {
    expect(parseInline("one\ntwo")).toEqual([{ type: "text", text: "one" }, { type: "break" }, { type: "text", text: "two" }]);
  });
});

describe("blocks", () => {
  it("paragraphs, headings, rules, quotes and fenced code", () => {
    const blocks = parseMarkdown("# Title\n\nFirst para\nstill first.\n\n---\n\n> quoted **bit**\n\n```ts\nconst a = 1 < 2;\n**not bold**\n```\nafter");
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "rule", "quote", "code", "paragraph"]);
    expect(blocks[0]).toEqual({ type: "heading", level: 1, children: [{ type: "text", text: "Title" }] });
    expect(blocks[4]).toEqual({ type: "code", lang: "ts", text: "const a = 1 < 2;\n**not bold**" });
  });

  it("lists: ordered with a start, nested by indentation, interrupting a paragraph", () => {
    const blocks = parseMarkdown("Steps:\n3. mix\n4. fold\n   - gently\n   - twice\n5. rest");
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "list"]);
    const list = blocks[1] as Extract<Block, { type: "list" }>;
    expect(list).toMatchObject({ ordered: true, start: 3 });
    expect(list.items).toHaveLength(3);
    expect(list.items[1]!.map((b) => b.type)).toEqual(["paragraph", "list"]);
    expect((list.items[1]![1] as Extract<Block, { type: "list" }>).items).toHaveLength(2);
  });

  it("tables with alignment", () => {
    const [table] = parseMarkdown("| Time | What |\n|:-----|-----:|\n| [00:02] | green |\n| [00:04] | blue \\| sea |");
    expect(table).toMatchObject({ type: "table", align: ["left", "right"] });
    const t = table as Extract<Block, { type: "table" }>;
    expect(t.rows).toHaveLength(2);
    expect(t.rows[0]![0]).toEqual([{ type: "time", start: 2, end: null, label: "00:02" }]);
    expect(t.rows[1]![1]).toEqual([{ type: "text", text: "blue | sea" }]);
  });
});

describe("safety", () => {
  it("renders HTML in an answer as text, never as markup", () => {
    const out = html('<script>alert(1)</script> <img src=x onerror="alert(2)"> **<b>x</b>**\n\n```\n</pre><script>1</script>\n```');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b>");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;/pre&gt;&lt;script&gt;1&lt;/script&gt;");
  });

  it("a refused link is text without an href", () => {
    const out = html("[click](javascript:alert(1))");
    expect(out).not.toContain("href");
    expect(out).toContain("[click](javascript:alert(1))");
    expect(html("[ok](https://example.com)")).toContain('rel="noopener noreferrer nofollow"');
  });

  it("stays fast on long runs of unmatched delimiters", () => {
    const t0 = performance.now();
    parseMarkdown("*a _b [c `d ".repeat(10_000));
    parseMarkdown("> ".repeat(5_000) + "deep");
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});
