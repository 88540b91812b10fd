// Compressed inputs, known by their magic bytes, never by their names: gzip
// (RFC 1952) and, where Node.js has it (22.15 and later), zstd (RFC 8878)
// are decompressed as streams; the other formats a log or a list of URLs
// comes in are refused by name, with the command that decompresses them,
// instead of being read as text.

import type { Transform } from "node:stream";
import type { ZlibOptions } from "node:zlib";

/** Bytes of a file's start that tell its format: the longest magic number below. */
export const MAGIC_BYTES = 6;

/** Output bytes zlib hands on at a time. */
const CHUNK = 1 << 20;

export interface Compression {
  /** The format's name in messages. */
  name: string;
  /** A decompressor, or null where swurl does not read the format (`why` says so). */
  decompressor: (() => Transform) | null;
  /** Why a format is not read, and what reads it. */
  why: string;
}

/** node:zlib, loaded when a compressed input is first seen: most inputs are text. */
const zlib = () => process.getBuiltinModule("node:zlib");

/** A format: its magic number, and what the byte after it may be (bzip2's block size), if it says. */
const FORMATS: { magic: number[]; next?: (byte: number) => boolean; compression: Compression }[] = [
  // RFC 1952 section 2.3.1: ID1 ID2.
  {
    magic: [0x1f, 0x8b],
    compression: { name: "gzip", decompressor: () => zlib().createGunzip({ chunkSize: CHUNK }), why: "" },
  },
  // RFC 8878 section 3.1.1: the frame's magic number, 0xFD2FB528 little-endian.
  {
    magic: [0x28, 0xb5, 0x2f, 0xfd],
    compression: {
      name: "zstd",
      // Node.js 22.15 and 24 have zstd in node:zlib; older ones do not.
      get decompressor() {
        const zstd = (zlib() as { createZstdDecompress?: (options: ZlibOptions) => Transform }).createZstdDecompress;
        return zstd === undefined ? null : () => zstd({ chunkSize: CHUNK });
      },
      why: "Node.js reads it from version 22.15 on; or decompress it first: zstd -dc FILE | swurl ...",
    },
  },
  // "BZh" and the block size, "1" to "9".
  {
    magic: [0x42, 0x5a, 0x68],
    next: (byte) => byte >= 0x31 && byte <= 0x39,
    compression: refused("bzip2", "bzip2 -dc FILE | swurl ..."),
  },
  { magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], compression: refused("xz", "xz -dc FILE | swurl ...") },
  { magic: [0x50, 0x4b, 0x03, 0x04], compression: refused("zip", "unzip -p FILE | swurl ...") },
  { magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], compression: refused("7z", "7z x -so FILE | swurl ...") },
  { magic: [0x04, 0x22, 0x4d, 0x18], compression: refused("lz4", "lz4 -dc FILE | swurl ...") },
];

function refused(name: string, command: string): Compression {
  return { name, decompressor: null, why: `decompress it first: ${command}` };
}

/** The compression `head` (a file's first bytes) starts with, or null for none (text). */
export function compressionOf(head: Uint8Array): Compression | null {
  for (const { magic, next, compression } of FORMATS) {
    if (head.length < magic.length + (next === undefined ? 0 : 1)) continue;
    if (magic.every((b, i) => head[i] === b) && (next === undefined || next(head[magic.length]))) return compression;
  }
  return null;
}
