// --trace: each thread's timeline, printed on stderr at the end of a run.
// A thread's wall time goes to phases: start (loading the command, until the
// trace begins), read (awaiting the file's bytes), parse (the kernel's
// batches), tally (stats' counting) or format (parse's rows), write
// (awaiting the output), merge (a tally made into bytes for the main thread,
// and the tallies added up) and wait (a worker without a range, or out of
// credits; the main thread awaiting the workers). The thread that inflates a
// compressed file for --threads (threads/inflate.ts) reads (its file, and
// zlib's output, inflated on libuv's threads, whose CPU time its own does
// not count), writes (a chunk posted to the main thread) and waits (for the
// main thread to take what it sent). Marks are made a block of
// lines at a time, never a line, so that tracing costs nothing measurable.
// A thread runs one piece of JavaScript at a time: the time from one mark to
// the next is the phase the first named, awaits included. Where one thread
// runs two things, as the main thread runs the dispatcher and a range of its
// own, time in which both await goes to the one that marked last.

const PHASES = ["start", "read", "parse", "tally", "format", "write", "merge", "wait"] as const;
type Phase = (typeof PHASES)[number];

/** One range of --threads: which, its bytes, and when the thread began and ended it (ms from the main thread's start). */
interface RangeSpan {
  id: number;
  start: number;
  end: number;
  from: number;
  to: number;
}

/** A thread's timeline, as it crosses to the main thread. */
export interface ThreadTrace {
  /** The thread's name in the table, where it is not a worker taking ranges ("worker 1", ...). */
  name?: string;
  /** Milliseconds of wall time by phase (PHASES order). */
  ms: number[];
  /** The thread's own CPU time (user + system), where Node tells it (process.threadCpuUsage); else null. */
  cpuMs: number | null;
  /** When this thread's clock started, as performance.timeOrigin. */
  origin: number;
  ranges: RangeSpan[];
}

/** process.threadCpuUsage (Node 23.9 and later): this thread's own CPU time, in microseconds. */
const threadCpu = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;

class Timeline {
  private phase: Phase = "start";
  /** `since`: when the thread began, on performance.now()'s clock, whose origin is the process's in every thread. */
  constructor(private since: number) {}

  private readonly ms: number[] = PHASES.map(() => 0);
  readonly ranges: RangeSpan[] = [];

  /** From now on, time goes to `phase`; returns the phase it went to until now. */
  enter(phase: Phase): Phase {
    const now = performance.now();
    this.ms[PHASES.indexOf(this.phase)] += now - this.since;
    this.since = now;
    const before = this.phase;
    this.phase = phase;
    return before;
  }

  snapshot(): ThreadTrace {
    this.enter(this.phase);
    const cpu = threadCpu?.call(process);
    return {
      ms: [...this.ms],
      cpuMs: cpu === undefined ? null : (cpu.user + cpu.system) / 1000,
      origin: performance.timeOrigin,
      ranges: [...this.ranges],
    };
  }
}

let timeline: Timeline | null = null;

/**
 * Trace this thread from now on: the time since `born` (when the thread was
 * made: 0 for the main thread) is its start. A worker's clock starts with
 * the process, not with the worker.
 */
export function startTrace(born = 0): void {
  timeline ??= new Timeline(born);
}

/** From now on, time goes to `phase`; returns the phase before (null: not traced), for back(). */
export function mark(phase: Phase): Phase | null {
  return timeline === null ? null : timeline.enter(phase);
}

/** Back to the phase mark() returned. */
export function back(phase: Phase | null): void {
  if (phase !== null) timeline?.enter(phase);
}

/** `source`, the making of each of its items marked as `phase` (`source` itself where this thread is not traced). */
export function traced<T>(source: AsyncIterable<T>, phase: Phase): AsyncIterable<T> {
  return timeline === null ? source : tracedSteps(source, phase);
}

async function* tracedSteps<T>(source: AsyncIterable<T>, phase: Phase): AsyncGenerator<T> {
  const items = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const before = mark(phase);
      const next = await items.next();
      back(before);
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    await items.return?.();
  }
}

/** Range `id` of [start, end) began now in this thread; the returned function says it ended. */
export function rangeBegun(id: number, start: number, end: number): () => void {
  if (timeline === null) return () => {};
  const span = { id, start, end, from: performance.now(), to: 0 };
  timeline.ranges.push(span);
  return () => {
    span.to = performance.now();
  };
}

/** The --trace option of the commands that trace (stats, parse). */
export const TRACE_OPTIONS = { trace: { type: "boolean" } } as const;

/** Write the timelines of this thread and of `workers` to stderr; this thread is the main one. */
export function writeTrace(workers: ThreadTrace[]): void {
  const main = traceSnapshot();
  if (main !== null) process.stderr.write(traceReport(main, workers));
}

/** This thread's timeline so far (null: not traced). */
export function traceSnapshot(): ThreadTrace | null {
  return timeline?.snapshot() ?? null;
}

const MB = 1e6;
/** Up to this many ranges in all, each is listed. */
const LISTED_RANGES = 16;

/** The timelines of the main thread and the workers, as a table for stderr. */
function traceReport(main: ThreadTrace, workers: ThreadTrace[]): string {
  const threads = [["main", main], ...workers.map((t, k) => [t.name ?? `worker ${k + 1}`, t])] as [
    string,
    ThreadTrace,
  ][];
  // Columns of the phases some thread spent time in.
  const shown = PHASES.map((_, p) => p).filter((p) => threads.some(([, t]) => t.ms[p] >= 0.5));
  const head = ["thread", ...shown.map((p) => PHASES[p]), "total", "cpu"];
  const rows = threads.map(([name, t]) => [
    name,
    ...shown.map((p) => t.ms[p].toFixed(0)),
    t.ms.reduce((a, b) => a + b, 0).toFixed(0),
    t.cpuMs === null ? "-" : t.cpuMs.toFixed(0),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    `swurl: trace: ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ")}`;
  const out = [
    "swurl: trace: milliseconds of wall time by phase, and each thread's CPU time",
    line(head),
    ...rows.map(line),
  ];
  // Ranges on the main thread's clock: each one where they are few, else each thread's first and last.
  const few = threads.reduce((n, [, t]) => n + t.ranges.length, 0) <= LISTED_RANGES;
  for (const [name, t] of threads) {
    const shift = t.origin - main.origin;
    const at = (ms: number) => (ms + shift).toFixed(0);
    if (few) {
      for (const r of t.ranges)
        out.push(
          `swurl: trace: range ${r.id} [${(r.start / MB).toFixed(1)}, ${(r.end / MB).toFixed(1)}) MB on ${name}: ${at(r.from)}-${at(r.to)} ms`,
        );
    } else if (t.ranges.length > 0) {
      const mb = t.ranges.reduce((n, r) => n + r.end - r.start, 0) / MB;
      out.push(
        `swurl: trace: ${name}: ${t.ranges.length} ranges, ${mb.toFixed(1)} MB, ${at(t.ranges[0].from)}-${at(t.ranges[t.ranges.length - 1].to)} ms`,
      );
    }
  }
  return `${out.join("\n")}\n`;
}
