// Progress on stderr, redrawn in place a few times a second: share done, bytes,
// MB/s and ETA for files, bytes read and MB/s for a pipe. Only where a person
// watches (stderr is a terminal), and never over rows: a command that writes
// rows as it reads draws nothing when standard output is a terminal too (the
// same screen). The line is cleared at the end and on Ctrl-C.

import { formatBytes, formatDuration } from "./units.js";

const REDRAW_MS = 200;
/** The exit status of a process ended by SIGINT, as shells report it (128 + 2). */
const SIGINT_STATUS = 130;

export class Progress {
  private done = 0;
  private readonly start = performance.now();
  /** The first draw waits a redraw interval too: a short run shows nothing. */
  private lastDraw = this.start;
  private drawn = false;
  private readonly enabled: boolean;
  private readonly onInterrupt = () => {
    this.end();
    process.exit(SIGINT_STATUS);
  };

  /**
   * `total`: the input's size (null when unknown, as for a pipe);
   * `streamsRows`: rows go to standard output while the input is read.
   */
  constructor(
    private readonly total: number | null,
    streamsRows: boolean,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    stdout: NodeJS.WriteStream = process.stdout,
  ) {
    this.enabled = stream.isTTY === true && !(streamsRows && stdout.isTTY === true);
    if (this.enabled) process.once("SIGINT", this.onInterrupt);
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
    const seconds = (now - this.start) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const speed = `${formatBytes(rate)}/s`;
    let line = `${formatBytes(this.done)} read  ${speed}`;
    if (this.total !== null && this.total > 0) {
      const left = rate > 0 ? (this.total - this.done) / rate : NaN;
      const percent = ((100 * Math.min(this.done, this.total)) / this.total).toFixed(1).padStart(5);
      line = `${percent}%  ${formatBytes(this.done)} of ${formatBytes(this.total)}  ${speed}  ETA ${formatDuration(left)}`;
    }
    this.stream.write(`\r${line}\x1b[K`);
  }

  /** Clear the line, so that what follows starts on a clean one. */
  end(): void {
    if (this.enabled) process.removeListener("SIGINT", this.onInterrupt);
    if (this.drawn) this.stream.write("\r\x1b[K");
    this.drawn = false;
  }
}
