// Progress bars on stderr: one line per item (a file's bytes, then a module's percent). On a
// terminal the block is redrawn in place; elsewhere (logs, pipes, tests) a line is printed when an
// item starts, crosses a quarter, or ends.
import type { Output } from "./context";

const WIDTH = 24;

interface Bar {
  label: string;
  fraction: number;
  note: string;
  printedQuarter: number;
  ended: boolean;
}

export function bar(fraction: number): string {
  const f = Math.max(0, Math.min(1, fraction));
  const full = Math.round(f * WIDTH);
  return `[${"#".repeat(full)}${"-".repeat(WIDTH - full)}] ${String(Math.floor(f * 100)).padStart(3)}%`;
}

export class ProgressBoard {
  private bars = new Map<string, Bar>();
  private drawn = 0;

  constructor(
    private readonly io: Output,
    private readonly enabled = true,
  ) {}

  update(id: string, label: string, fraction: number, note = ""): void {
    let b = this.bars.get(id);
    if (!b) {
      b = { label, fraction, note, printedQuarter: -1, ended: false };
      this.bars.set(id, b);
    }
    if (b.ended) return;
    b.label = label;
    b.fraction = Math.max(b.fraction, fraction);
    b.note = note;
    this.render(b);
  }

  end(id: string, label: string, note: string, fraction = 1): void {
    this.update(id, label, fraction, note);
    const b = this.bars.get(id)!;
    if (b.ended) return;
    b.label = label;
    b.fraction = fraction;
    b.note = note;
    b.ended = true;
    if (!this.enabled) return;
    if (this.io.isTTY) this.redraw();
    else this.io.err(this.line(b));
  }

  private line(b: Bar): string {
    return `${b.label.padEnd(24)} ${bar(b.fraction)}${b.note ? `  ${b.note}` : ""}`;
  }

  private render(b: Bar): void {
    if (!this.enabled) return;
    if (this.io.isTTY) return this.redraw();
    const quarter = Math.floor(b.fraction * 4);
    if (quarter > b.printedQuarter && quarter < 4) {
      b.printedQuarter = quarter;
      this.io.err(this.line(b));
    }
  }

  private redraw(): void {
    let text = this.drawn ? `\x1b[${this.drawn}A` : "";
    for (const b of this.bars.values()) text += `\x1b[2K${this.line(b)}\n`;
    this.drawn = this.bars.size;
    process.stderr.write(text);
  }
}
