// Input and output of the commands: a FILE or standard input as a stream of
// byte chunks (never whole in memory), and output written in large chunks
// that waits when the reader is slower than we are.

import { once } from "node:events";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import { InputError, OutputError } from "./errors.js";
import { outputTarget } from "./output-file.js";

/** Bytes per read: large enough that per-chunk costs vanish, small enough to keep memory flat. */
const CHUNK = 1 << 20;

export interface Input {
  /** For messages: the path, or "standard input". */
  readonly name: string;
  /** The path of the one uncompressed regular file read (which threads can cut into ranges); null otherwise. */
  readonly path: string | null;
  /** The size of the files in bytes; null when unknown (standard input, a pipe, a device). */
  readonly size: number | null;
  /**
   * The bytes, decompressed, in order (call once); `onBytes` hears of the
   * bytes read. A damaged gzip stream ends them after its last whole line:
   * then `damage` holds the error, which the command throws once it has
   * done with those lines.
   */
  chunks(onBytes: (n: number) => void): AsyncIterable<Uint8Array>;
  /** Why the chunks ended early (a truncated or corrupt gzip stream), or null. */
  readonly damage: InputError | null;
}

const REASONS: Record<string, string> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EISDIR: "is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  EIO: "input/output error",
  ENOSPC: "no space left on device",
  EBADF: "not open for writing",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large",
  EPIPE: "the reader closed it",
  EROFS: "read-only file system",
  EEXIST: "already exists",
  ENXIO: "no reader at the other end",
};

/** A short reason for a file-system error, without Node's "ENOENT: ..., open 'x'" wrapping. */
export function reason(e: unknown): string {
  const code = (e as { code?: string }).code;
  return (code !== undefined && REASONS[code]) || (e as Error).message || String(e);
}

/** The first bytes of a gzip stream (RFC 1952 section 2.3.1, ID1 ID2). */
const GZIP_MAGIC = [0x1f, 0x8b];
const LF = 0x0a;

/** The byte order marks of UTF-16 (little-endian, as Windows writes it, and big-endian). */
const UTF16_BOMS: Record<string, readonly number[]> = { "utf-16le": [0xff, 0xfe], "utf-16be": [0xfe, 0xff] };

/** The UTF-16 encoding whose byte order mark `head` starts with, or null. */
function utf16Of(head: Uint8Array): string | null {
  for (const [encoding, bom] of Object.entries(UTF16_BOMS))
    if (head.length >= 2 && head[0] === bom[0] && head[1] === bom[1]) return encoding;
  return null;
}

/** One input file as opened: its size when known, whether it is gzip, whether UTF-16 (seen in its first bytes). */
interface Part {
  file: string;
  size: number | null;
  gzip: boolean;
  utf16: boolean;
}

/** Open `file`, failing early with an InputError if it cannot be read; a regular file's magic bytes are read now. */
async function openPart(file: string): Promise<Part> {
  if (file === "-") {
    // A person at a terminal would otherwise see nothing happen.
    if (process.stdin.isTTY === true)
      process.stderr.write(
        "swurl: reading standard input from the terminal (Ctrl-D ends it); give a FILE to read one\n",
      );
    return { file, size: null, gzip: false, utf16: false };
  }
  try {
    const handle = await open(file, "r");
    try {
      const stat = await handle.stat();
      if (stat.isDirectory()) throw new InputError(`cannot read ${file}: is a directory`);
      if (!stat.isFile()) return { file, size: null, gzip: false, utf16: false };
      const head = Buffer.alloc(GZIP_MAGIC.length);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const gzip = bytesRead === head.length && GZIP_MAGIC.every((b, i) => head[i] === b);
      return { file, size: stat.size, gzip, utf16: utf16Of(head.subarray(0, bytesRead)) !== null };
    } finally {
      await handle.close();
    }
  } catch (e) {
    throw e instanceof InputError ? e : new InputError(`cannot read ${file}: ${reason(e)}`);
  }
}

/** The name of a part in messages. */
function nameOf(file: string): string {
  return file === "-" ? "standard input" : file;
}

/** Compressed bytes handed to zlib at a time: what one write can inflate to stays small (deflate's ratio is at most ~1032:1). */
const INFLATE_STEP = 16 << 10;

/**
 * The decompressed chunks of the gzip stream `source`, in whole lines: the
 * bytes after the last LF so far wait for the next one, so that where the
 * stream is damaged (cut short, corrupt) every whole line before the damage
 * has been given and no torn line follows; then `damaged` hears the error.
 * Concatenated members (cat a.gz b.gz) are read as one stream.
 */
async function* gunzipLines(
  source: AsyncIterable<Uint8Array>,
  damaged: (e: Error) => void,
): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip({ chunkSize: CHUNK });
  const out: Buffer[] = [];
  let failure: Error | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  gunzip.on("data", (chunk: Buffer) => out.push(chunk));
  gunzip.on("error", (e) => {
    failure = e;
    notify();
  });
  gunzip.on("end", () => {
    ended = true;
    notify();
  });
  /** Hand `bytes` to zlib (the end of the stream when null) and wait until it has taken them or failed. */
  const feed = (bytes: Uint8Array | null) => {
    const taken = new Promise<void>((resolve) => (wake = resolve));
    if (bytes === null) gunzip.end();
    else gunzip.write(bytes, notify);
    return taken;
  };
  /** The chunks after the last LF given: a line not yet whole. */
  let tail: Buffer[] = [];
  /** The output so far, up to its last LF. */
  function* lines(): Generator<Uint8Array> {
    for (const chunk of out.splice(0)) {
      const cut = chunk.lastIndexOf(LF) + 1;
      if (cut === 0) {
        tail.push(chunk);
        continue;
      }
      yield* tail;
      tail = [];
      yield chunk.subarray(0, cut);
      if (cut < chunk.length) tail.push(chunk.subarray(cut));
    }
  }
  const input = source[Symbol.asyncIterator]();
  while (failure === null && !ended) {
    const next = await input.next();
    if (next.done) {
      await feed(null);
      // Output pushed with the end may be emitted a turn after it.
      if (!ended && failure === null) await new Promise<void>((resolve) => (wake = resolve));
    } else {
      for (let i = 0; i < next.value.length && failure === null; i += INFLATE_STEP) {
        await feed(next.value.subarray(i, i + INFLATE_STEP));
        yield* lines();
      }
    }
  }
  yield* lines();
  if (failure !== null) return damaged(failure);
  // The last line, without an LF.
  yield* tail;
}

/**
 * The raw bytes of a part as they are read (reported to `onBytes`: progress
 * counts what was read, compressed or not), then decompressed if gzip. A pipe
 * is not opened ahead, so its magic bytes are looked at in its first chunk.
 */
async function* partChunks(
  part: Part,
  onBytes: (n: number) => void,
  damaged: (e: InputError) => void,
): AsyncGenerator<Uint8Array> {
  const name = nameOf(part.file);
  const raw = counted(
    guard(name, part.file === "-" ? process.stdin : createReadStream(part.file, { highWaterMark: CHUNK })),
    onBytes,
  );
  const iterator = raw[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
  if (
    !(part.gzip || (part.size === null && head.length >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]))
  ) {
    yield head;
    yield* rest;
    return;
  }
  // Streamed through zlib, never whole.
  const compressed = (async function* () {
    yield head;
    yield* rest;
  })();
  yield* gunzipLines(compressed, (e) => damaged(new InputError(`cannot read ${name}: not valid gzip (${e.message})`)));
}

/**
 * The text of a part as UTF-8: UTF-16 (what Windows PowerShell 5 writes with
 * `>`), known by its byte order mark, is decoded, with a note on stderr.
 */
async function* utf8Chunks(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  const iterator = chunks[Symbol.asyncIterator]();
  // The mark's two bytes may come in two chunks (a pipe).
  while (head.length < 2) {
    const next = await iterator.next();
    if (next.done) break;
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
  const encoding = utf16Of(head);
  if (encoding === null) {
    if (head.length > 0) yield head;
    yield* rest;
    return;
  }
  process.stderr.write(`swurl: note: ${name} is ${encoding.toUpperCase()} (byte order mark): read as such\n`);
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  yield encoder.encode(decoder.decode(head, { stream: true }));
  for await (const chunk of rest) yield encoder.encode(decoder.decode(chunk, { stream: true }));
  yield encoder.encode(decoder.decode());
}

/**
 * Open FILE arguments (none: standard input), read in order as one stream.
 * Fails early with an InputError if one cannot be read.
 */
export async function openInputs(files: string[]): Promise<Input> {
  const parts = await Promise.all((files.length === 0 ? ["-"] : files).map(openPart));
  const sizes = parts.map((p) => p.size);
  const single =
    parts.length === 1 && !parts[0].gzip && !parts[0].utf16 && parts[0].size !== null ? parts[0].file : null;
  let damage: InputError | null = null;
  const damaged = (e: InputError) => (damage = e);
  return {
    name: parts.map((p) => nameOf(p.file)).join(", "),
    path: single,
    size: sizes.includes(null) ? null : (sizes as number[]).reduce((a, b) => a + b, 0),
    get damage() {
      return damage;
    },
    async *chunks(onBytes: (n: number) => void) {
      for (const [i, part] of parts.entries()) {
        let last = LF;
        for await (const chunk of utf8Chunks(nameOf(part.file), partChunks(part, onBytes, damaged))) {
          if (chunk.length > 0) last = chunk[chunk.length - 1];
          yield chunk;
        }
        // The input stops at the damage: the files after it are not read.
        if (damage !== null) return;
        // A file's last line needs no LF: the next file starts a line of its own.
        if (last !== LF && i < parts.length - 1) yield Uint8Array.of(LF);
      }
    },
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
export async function* counted(
  source: AsyncIterable<Uint8Array>,
  count: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    count(chunk.length);
    yield chunk;
  }
}

/** Text output in chunks, waiting for "drain" when the stream's buffer is full. */
/** Where binary output (Parquet, Arrow) goes. */
export interface ByteOutput {
  write(chunk: Uint8Array): Promise<void>;
}

/**
 * Output in chunks, waiting for "drain" when the stream's buffer is full.
 * Standard output's errors end the process (guardOutput()); a file's are
 * kept and thrown as an OutputError from the next write or close().
 */
export class Output implements ByteOutput {
  private error: unknown = null;

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly name: string | null = null,
    /** For a file: makes it FILE once everything is written (output-file.ts). */
    private readonly commit: () => Promise<void> = async () => {},
  ) {
    if (name !== null) stream.on("error", (e) => (this.error ??= e));
  }

  private check(): void {
    if (this.error !== null) throw new OutputError(`cannot write ${this.name}: ${reason(this.error)}`);
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    this.check();
    if (chunk.length > 0 && !this.stream.write(chunk)) await this.until("drain");
    this.check();
  }

  /** Finish a file: everything written and renamed to its name, or an OutputError. */
  async close(): Promise<void> {
    if (this.name === null) return;
    this.check();
    this.stream.end();
    await this.until("finish");
    this.check();
    try {
      await this.commit();
    } catch (e) {
      throw new OutputError(`cannot write ${this.name}: ${reason(e)}`);
    }
  }

  /** Wait for `event`, or for an error (then kept for check()). */
  private async until(event: string): Promise<void> {
    if (this.name === null) return void (await once(this.stream, event));
    const done = new AbortController();
    try {
      await Promise.race([
        once(this.stream, event, { signal: done.signal }),
        once(this.stream, "error", { signal: done.signal }),
      ]);
    } catch {
      // The error is in this.error; an abort is ours.
    } finally {
      done.abort();
    }
  }
}

/**
 * --output FILE: opened now (an unwritable path fails before any input is
 * read), written all or nothing (output-file.ts): FILE is replaced by close().
 */
export async function openOutput(path: string): Promise<Output> {
  try {
    const { write, commit } = outputTarget(path);
    const handle = await open(write, "w");
    return new Output(handle.createWriteStream(), path, commit);
  } catch (e) {
    throw new OutputError(`cannot write ${path}: ${reason(e)}`);
  }
}

/**
 * Standard output that cannot be written is an error: one line on stderr and
 * exit status 1, never exit 0 with output lost, never a stack trace. A reader
 * that goes away (EPIPE: `swurl parse big.txt | head`) is not an error.
 */
export function guardOutput(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    process.stderr.write(`swurl: cannot write output: ${reason(e)}\n`);
    process.exit(1);
  });
}
