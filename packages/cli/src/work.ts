// The bulk commands (parse, canon, stats) are each a Work: a function from a
// stream of bytes (URLs one per line) to output text, emitted in input order,
// and a result. The same Work runs over a whole input in the main thread, or
// over byte ranges of a file in worker threads (threads.ts).

/** Hand output text on; resolves when more may be sent. */
type Emit = (text: string) => Promise<void>;

/**
 * Write a Work's output, as text or as its UTF-8 bytes (worker threads send
 * bytes: threads.ts); resolves when more may be written.
 */
export type Write = (chunk: string | Uint8Array) => Promise<void>;

export interface Work<Options, Result, Carry = unknown> {
  /** `carry`: what this thread keeps from one range to the next of a threaded run, where the Work has one. */
  run(source: AsyncIterable<Uint8Array>, options: Options, emit: Emit, carry?: Carry): Promise<Result>;
  /**
   * A new carry, for a Work whose threads count into one thing over all
   * their ranges (stats' kernel tally), which would cost more to make, send
   * and merge a range at a time; finish() makes it a result of its own once
   * the thread's ranges are done.
   */
  carry?(): Carry;
  finish?(carry: Carry, options: Options): Result;
  /**
   * The result as data that can cross to another thread (structured clone),
   * where it holds what cannot: a worker thread's result crosses so; the
   * main thread's own stays as it is, and is not made bytes to be read back.
   */
  portable?(result: Result): Result;
}
