// Input and output of the commands: a FILE or standard input as a stream of
// byte chunks (never whole in memory), and output written in large chunks
// that waits when the reader is slower than we are.

import { once } from "node:events";
import { constants, read } from "node:fs";
import { access, type FileHandle, open, stat } from "node:fs/promises";
import type { Transform } from "node:stream";
import { type Compression, compressionOf, MAGIC_BYTES } from "./compression.js";
import { InputError, OutputError } from "./errors.js";
import { outputTarget } from "./output-file.js";

/** Bytes per read: large enough that per-chunk costs vanish, small enough to keep memory flat. */
const CHUNK = 1 << 20;

export interface Input {
  /** For messages: the path, or "standard input". */
  readonly name: string;
  /** The one uncompressed regular file read, held open (threads cut it into ranges); null otherwise. */
  readonly file: OpenFile | null;
  /** The size of the files in bytes; null when unknown (standard input, a pipe, a device). */
  readonly size: number | null;
  /** Whether the input is one regular file, compressed in a format read here: an Inflater can inflate it. */
  readonly inflatable: boolean;
  /**
   * The bytes, decompressed, in order (call once); `onBytes` hears of the
   * bytes read. A damaged gzip stream ends them after its last whole line:
   * then `damage` holds the error, which the command throws once it has
   * done with those lines. An inflatable input is inflated by `inflater`,
   * where one is given.
   */
  chunks(onBytes: (n: number) => void, inflater?: Inflater): AsyncIterable<Uint8Array>;
  /** Why the chunks ended early (a truncated or corrupt gzip stream), or null. */
  readonly damage: InputError | null;
  /** Close what is still open (the file of `fd`). */
  close(): Promise<void>;
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

const LF = 0x0a;

/** The byte order marks of UTF-16 (little-endian, as Windows writes it, and big-endian). */
const UTF16_BOMS: Record<string, readonly number[]> = { "utf-16le": [0xff, 0xfe], "utf-16be": [0xfe, 0xff] };

/** The UTF-16 encoding whose byte order mark `head` starts with, or null. */
function utf16Of(head: Uint8Array): string | null {
  for (const [encoding, bom] of Object.entries(UTF16_BOMS))
    if (head.length >= 2 && head[0] === bom[0] && head[1] === bom[1]) return encoding;
  return null;
}

/**
 * One input file as checked before any is read: its size when it is a
 * regular file (null: standard input, a pipe, a device). It is opened when
 * its turn comes, once: a FIFO's writer sees one open and one close, and
 * files are held open one at a time (thousands of FILEs under a limit of
 * 1,024 descriptors).
 */
interface Part {
  file: string;
  size: number | null;
  /** The file, already open: the one regular file of an input, which threads read by its descriptor. */
  handle?: FileHandle;
  /** The descriptor of the file, held open by another thread: an inflating thread reads it so. */
  fd?: number;
}

/**
 * Inflates the compressed file `file` elsewhere (another thread): the
 * chunks inflatedFile() gives there, `onBytes` hearing of the bytes read and
 * `damaged` of a damaged stream, as chunks() would.
 */
export type Inflater = (
  file: OpenFile,
  onBytes: (n: number) => void,
  damaged: (e: InputError) => void,
) => AsyncIterable<Uint8Array>;

/** The inflated chunks of the compressed file `file`, held open by another thread, in whole lines (Input.chunks()). */
export function inflatedFile(
  file: OpenFile,
  onBytes: (n: number) => void,
  damaged: (e: InputError) => void,
): AsyncIterable<Uint8Array> {
  return partChunks({ file: file.name, size: null, fd: file.fd }, onBytes, damaged);
}

/** Check `file` without opening it (stat and access), failing early with an InputError if it cannot be read. */
async function checkPart(file: string): Promise<Part> {
  if (file === "-") {
    // A person at a terminal would otherwise see nothing happen.
    if (process.stdin.isTTY === true)
      process.stderr.write(
        "swurl: reading standard input from the terminal (Ctrl-D ends it); give a FILE to read one\n",
      );
    return { file, size: null };
  }
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new InputError(`cannot read ${file}: is a directory`);
    await access(file, constants.R_OK);
    return { file, size: info.isFile() ? info.size : null };
  } catch (e) {
    throw e instanceof InputError ? e : new InputError(`cannot read ${file}: ${reason(e)}`);
  }
}

/** Open a part's file for reading, as an InputError if it cannot be. */
async function openPart(file: string): Promise<FileHandle> {
  try {
    return await open(file, "r");
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${reason(e)}`);
  }
}

/** The name of a part in messages. */
function nameOf(file: string): string {
  return file === "-" ? "standard input" : file;
}

/** Compressed bytes handed to zlib at a time: what one write can inflate to stays small (deflate's ratio is at most ~1032:1). */
const INFLATE_STEP = 16 << 10;

/**
 * The decompressed chunks of the compressed stream `source`, in whole lines:
 * the bytes after the last LF so far wait for the next one, so that where
 * the stream is damaged (cut short, corrupt) every whole line before the
 * damage has been given and no torn line follows; then `damaged` hears the
 * error. Concatenated members (cat a.gz b.gz) are read as one stream.
 */
async function* decompressedLines(
  source: AsyncIterable<Uint8Array>,
  gunzip: Transform,
  damaged: (e: Error) => void,
): AsyncGenerator<Uint8Array> {
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
  try {
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
  } finally {
    // Stopped at the damage, or by the reader: the file is closed now, not by the garbage collector.
    await input.return?.();
  }
  yield* lines();
  if (failure !== null) return damaged(failure);
  // The last line, without an LF.
  yield* tail;
}

/**
 * The read stream of a part: standard input; a regular file, the one it
 * holds open or its file opened now (and closed at its end), read in place
 * (preads); any other file (a pipe, a device) as a stream.
 */
async function partStream(part: Part): Promise<AsyncIterable<Uint8Array>> {
  if (part.file === "-") return process.stdin;
  if (part.fd !== undefined) return preads(part.fd, 0, Infinity);
  const handle = part.handle ?? (await openPart(part.file));
  if (part.size === null) return handle.createReadStream({ highWaterMark: CHUNK });
  if (part.handle !== undefined) return preads(handle.fd, 0, Infinity);
  return (async function* () {
    try {
      yield* preads(handle.fd, 0, Infinity);
    } finally {
      await handle.close();
    }
  })();
}

/**
 * The raw bytes of a part as they are read (reported to `onBytes`: progress
 * counts what was read, compressed or not), then decompressed as its first
 * bytes say (compression.ts).
 */
async function* partChunks(
  part: Part,
  onBytes: (n: number) => void,
  damaged: (e: InputError) => void,
): AsyncGenerator<Uint8Array> {
  const name = nameOf(part.file);
  const raw = counted(guard(name, await partStream(part)), onBytes);
  const iterator = raw[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    if (first.done) return;
    const head = first.value;
    const rest: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
    const compression = compressionOf(head);
    if (compression === null) {
      yield head;
      yield* rest;
      return;
    }
    const decompressor = usable(name, compression);
    // Streamed through zlib, never whole.
    const compressed = (async function* () {
      yield head;
      yield* rest;
    })();
    yield* decompressedLines(compressed, decompressor(), (e) =>
      damaged(new InputError(`cannot read ${name}: not valid ${compression.name} (${e.message})`)),
    );
  } finally {
    // A reader that stops at the first chunk, or a stream stopped before it
    // reached the rest, has not ended the reads: end them, and close the file.
    await iterator.return(undefined);
  }
}

/** The decompressor of `compression`, or the InputError that refuses the format by name. */
function usable(name: string, compression: Compression): () => Transform {
  if (compression.decompressor === null)
    throw new InputError(`cannot read ${name}: it is ${compression.name}-compressed; ${compression.why}`);
  return compression.decompressor;
}

/**
 * The text of a part as UTF-8: UTF-16 (what Windows PowerShell 5 writes with
 * `>`), known by its byte order mark, is decoded, with a note on stderr.
 */
async function* utf8Chunks(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  const iterator = chunks[Symbol.asyncIterator]();
  try {
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
  } finally {
    // As in partChunks(): a reader that stopped at the head ends the reads.
    await iterator.return?.();
  }
}

/**
 * Check FILE arguments without opening any (stat and access): an InputError
 * for the first that cannot be read, before a command writes anything.
 */
export async function checkInputs(files: string[]): Promise<void> {
  await Promise.all(files.filter((f) => f !== "-").map(checkPart));
}

/**
 * Open FILE arguments (none: standard input), read in order as one stream.
 * Fails early with an InputError if one cannot be read. Each is opened when
 * its turn comes, but a lone regular file, opened now: its first bytes say
 * whether threads can read it, by its descriptor (`fd`).
 */
export async function openInputs(files: string[]): Promise<Input> {
  const parts = await Promise.all((files.length === 0 ? ["-"] : files).map(checkPart));
  const sizes = parts.map((p) => p.size);
  let file: OpenFile | null = null;
  let inflatable = false;
  if (parts.length === 1 && parts[0].size !== null) {
    const handle = await openPart(parts[0].file);
    parts[0].handle = handle;
    const head = Buffer.alloc(MAGIC_BYTES);
    let bytesRead = 0;
    try {
      ({ bytesRead } = await handle.read(head, 0, head.length, 0));
    } catch (e) {
      await handle.close();
      throw new InputError(`cannot read ${parts[0].file}: ${reason(e)}`);
    }
    const text = head.subarray(0, bytesRead);
    const compression = compressionOf(text);
    inflatable = compression !== null && compression.decompressor !== null;
    if (compression === null && utf16Of(text) === null) file = { name: parts[0].file, fd: handle.fd };
  }
  let damage: InputError | null = null;
  const damaged = (e: InputError) => (damage = e);
  return {
    name: parts.map((p) => nameOf(p.file)).join(", "),
    file,
    inflatable,
    size: sizes.includes(null) ? null : (sizes as number[]).reduce((a, b) => a + b, 0),
    get damage() {
      return damage;
    },
    async *chunks(onBytes: (n: number) => void, inflater?: Inflater) {
      for (const [i, part] of parts.entries()) {
        let last = LF;
        const bytes =
          inflatable && inflater !== undefined
            ? inflater({ name: part.file, fd: part.handle!.fd }, onBytes, damaged)
            : partChunks(part, onBytes, damaged);
        for await (const chunk of utf8Chunks(nameOf(part.file), bytes)) {
          if (chunk.length > 0) last = chunk[chunk.length - 1];
          yield chunk;
        }
        // The input stops at the damage: the files after it are not read.
        if (damage !== null) return;
        // A file's last line needs no LF: the next file starts a line of its own.
        if (last !== LF && i < parts.length - 1) yield Uint8Array.of(LF);
      }
    },
    async close() {
      await parts[0].handle?.close();
    },
  };
}

/**
 * Bytes [start, end) of the open file `fd`, for a thread's share of the
 * input: read at their offsets (pread), so that threads share the one
 * descriptor, and a file renamed or removed mid-run is still the file opened.
 */
export function readRange({ name, fd }: OpenFile, start: number, end: number): AsyncIterable<Uint8Array> {
  return guard(name, preads(fd, start, end));
}

/**
 * Buffers a file is read into in turn: a chunk's bytes are read over again
 * READ_RING chunks later. Every reader of chunks is done with one (copied
 * what it keeps) before it asks for the next: LineCap copies the start of a
 * line it holds, the kernel's stream copies each chunk into its block. A new
 * buffer a read would cost more in page faults (the kernel's system time)
 * than all the reading.
 */
const READ_RING = 4;

/**
 * The bytes of `fd` from `start` to `end` (or its end), a chunk per pread(2),
 * into READ_RING buffers in turn; the descriptor stays open.
 */
async function* preads(fd: number, start: number, end: number): AsyncGenerator<Uint8Array> {
  const size = Math.min(CHUNK, end - start);
  const ring: Buffer[] = [];
  for (let at = start, turn = 0; at < end; turn = (turn + 1) % READ_RING) {
    if (ring.length === turn) ring.push(Buffer.allocUnsafeSlow(size));
    const buffer = ring[turn];
    const n = await new Promise<number>((resolve, reject) =>
      read(fd, buffer, 0, Math.min(size, end - at), at, (e, bytes) => (e === null ? resolve(bytes) : reject(e))),
    );
    if (n === 0) return;
    at += n;
    yield buffer.subarray(0, n);
  }
}

/** A file held open, by its descriptor, and its name for messages: what threads read. */
export interface OpenFile {
  name: string;
  fd: number;
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
    const { write, mode, commit } = outputTarget(path);
    const handle = await open(write, "w", mode ?? 0o666);
    // open()'s mode is only for a new file, and the umask takes from it: the previous file's mode, exactly.
    if (mode !== null) await handle.chmod(mode);
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
