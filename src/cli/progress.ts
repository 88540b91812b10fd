// Progress on stderr (bytes done, MB/s, ETA), redrawn in place a few times a
// second. Only where a person watches (stderr is a terminal) and only where
// the end is known (the input is a file); silent otherwise.

import { formatBytes, formatDuration } from "./units.js";

const REDRAW_MS = 200;

export class Progress {
  private done = 0;
  private readonly start = performance.now();
  /** The first draw waits a redraw interval too: a short run shows nothing. */
  private lastDraw = this.start;
  private drawn = false;
  private readonly enabled: boolean;

  constructor(
    private readonly total: number | null,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = total !== null && total > 0 && stream.isTTY === true;
  }

  /** `bytes` more of the input have been read. */
  add(bytes: number): void {
    this.done += bytes;
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    this.draw(now);
  }

  private draw(now: number): void {
    const total = this.total as number;
    const seconds = (now - this.start) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const left = rate > 0 ? (total - this.done) / rate : NaN;
    const percent = ((100 * this.done) / total).toFixed(1).padStart(5);
    const line = `${percent}%  ${formatBytes(this.done)} of ${formatBytes(total)}  ${formatBytes(rate)}/s  ETA ${formatDuration(left)}`;
    this.stream.write(`\r${line}\x1b[K`);
  }

  /** Clear the line, so that what follows starts on a clean one. */
  end(): void {
    if (this.drawn) this.stream.write("\r\x1b[K");
  }
}
