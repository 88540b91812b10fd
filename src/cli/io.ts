// Input and output of the commands: a FILE or standard input as a stream of
// byte chunks (never whole in memory), and output written in large chunks
// that waits when the reader is slower than we are.

import { once } from "node:events";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";

/** Input that cannot be read: printed as one line, exit status 1. */
export class InputError extends Error {
  override name = "InputError";
}

/** Bytes per read: large enough that per-chunk costs vanish, small enough to keep memory flat. */
const CHUNK = 1 << 20;

export interface Input {
  /** For messages: the path, or "standard input". */
  readonly name: string;
  /** The path of a file; null for standard input. */
  readonly path: string | null;
  /** The size of a regular file in bytes; null when unknown (standard input, a pipe, a device). */
  readonly size: number | null;
  /** The bytes, in order (call once). */
  chunks(): AsyncIterable<Uint8Array>;
}

const REASONS: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  EIO: "input/output error",
};

/** A short reason for a file-system error, without Node's "ENOENT: ..., open 'x'" wrapping. */
export function reason(e: unknown): string {
  const code = (e as { code?: string }).code;
  return (code !== undefined && REASONS[code]) || (e as Error).message || String(e);
}

/** Open `file` ("-" for standard input), failing early with an InputError if it cannot be read. */
export async function openInput(file: string): Promise<Input> {
  if (file === "-") return { name: "standard input", path: null, size: null, chunks: () => guard("standard input", process.stdin) };
  let stat;
  try {
    const handle = await open(file, "r");
    stat = await handle.stat().finally(() => handle.close());
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${reason(e)}`);
  }
  if (stat.isDirectory()) throw new InputError(`cannot read ${file}: is a directory`);
  return {
    name: file,
    path: file,
    size: stat.isFile() ? stat.size : null,
    chunks: () => guard(file, createReadStream(file, { highWaterMark: CHUNK })),
  };
}

/** Bytes [start, end) of the file at `path`, for a worker thread's share of the input. */
export function readRange(path: string, start: number, end: number): AsyncIterable<Uint8Array> {
  return guard(path, createReadStream(path, { highWaterMark: CHUNK, start, end: end - 1 }));
}

/** The chunks of `source`; a read error becomes an InputError naming the input. */
async function* guard(name: string, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of source) yield chunk;
  } catch (e) {
    throw new InputError(`cannot read ${name}: ${reason(e)}`);
  }
}

/** `source` with each chunk's length reported to `count` as it passes. */
export async function* counted(source: AsyncIterable<Uint8Array>, count: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    count(chunk.length);
    yield chunk;
  }
}

/** Text output in chunks, waiting for "drain" when the stream's buffer is full. */
export class Output {
  constructor(private readonly stream: NodeJS.WritableStream) {}

  async write(text: string): Promise<void> {
    if (text !== "" && !this.stream.write(text)) await once(this.stream, "drain");
  }
}
