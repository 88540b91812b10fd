// What the bulk-parsing tests check against: the lines of an input as the API
// defines them, decoded by TextDecoder (the WHATWG UTF-8 decoder), each parsed
// alone by parse(). And the hostile inputs they run over.
import { readFileSync } from "node:fs";
import type { Api } from "./builds";
import { show } from "./report";
import { int, mulberry32, randomString, type Rng } from "./random";
import { URL_FIELDS } from "./url-targets";

type Batch = ReturnType<Api["parseBatch"]>;
type Base = Parameters<Api["parse"]>[1];

const KB = 1 << 10;
const MB = 1 << 20;

/** The lines of a text: split at LF, a CR before the LF dropped, no entry after a final LF. */
export function textLines(text: string): string[] {
  const parts = text.split("\n");
  const last = parts.pop()!;
  const lines = parts.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (last !== "") lines.push(last);
  return lines;
}

/** The lines of UTF-8 bytes: decoded as TextDecoder does (a leading BOM dropped, U+FFFD for invalid bytes). */
export function byteLines(bytes: Uint8Array): string[] {
  return textLines(new TextDecoder().decode(bytes));
}

/** The lines of a string input: a leading U+FEFF is a BOM. */
export function stringLines(text: string): string[] {
  return textLines(text.startsWith("\uFEFF") ? text.slice(1) : text);
}

const latin1 = new TextDecoder("latin1");

/**
 * Whether a line that parses may be one the kernel defers to parse() (a host
 * that needs UTS #46 or percent-decoding, a blob: URL, a long href), which
 * has no href in hrefBytes().
 */
function mayDefer(line: string): boolean {
  return line.length > 1000 || /[^\x00-\x7f]|blob:|xn--|%/i.test(line);
}

/**
 * How `batch` differs from parsing each of `lines` alone with parse(line, base):
 * get(i) in every field, each accessor, isValid, failures, length and iteration.
 * Empty when they agree; stops after `limit` differences.
 */
export function batchDifferences(api: Api, batch: Batch, lines: string[], base?: Base, limit = 10): string[] {
  const out: string[] = [];
  if (batch.length !== lines.length) return [`length ${batch.length}, expected ${lines.length}`];
  let failures = 0;
  let i = 0;
  for (const fromIterator of batch) {
    const line = lines[i];
    const expected = api.parse(line, base);
    const got = batch.get(i);
    const where = `line ${i} ${line.length > 200 ? `(${line.length} chars)` : show(line)}`;
    if (expected === null) failures++;
    if ((got === null) !== (expected === null))
      out.push(
        `${where}: get() ${got === null ? "null" : show(got.href)}, parse() ${expected === null ? "null" : show(expected.href)}`,
      );
    if (batch.isValid(i) !== (expected !== null)) out.push(`${where}: isValid() ${batch.isValid(i)}`);
    if (
      (fromIterator === null) !== (expected === null) ||
      (fromIterator !== null && fromIterator.href !== expected?.href)
    ) {
      out.push(`${where}: the iterator gives ${fromIterator === null ? "null" : show(fromIterator.href)}`);
    }
    for (const field of URL_FIELDS) {
      const want = expected === null ? null : expected[field];
      if (got !== null && got[field] !== want)
        out.push(`${where}: get().${field} ${show(got[field])}, parse() ${show(want)}`);
      if (batch[field](i) !== want) out.push(`${where}: ${field}() ${show(batch[field](i))}, parse() ${show(want)}`);
    }
    // hostnameRange(), pathnameRange() and searchRange(): the component's bytes in hrefBytes(), where the line has a kernel row.
    for (const [field, range] of [
      ["hostname", batch.hostnameRange(i)],
      ["pathname", batch.pathnameRange(i)],
      ["search", batch.searchRange(i)],
    ] as const) {
      const text = range === null ? null : latin1.decode(batch.hrefBytes().subarray(range[0], range[1]));
      if (range !== null ? text !== expected?.[field] : expected !== null && !mayDefer(line + expected.href))
        out.push(`${where}: ${field}Range() ${show(text)}, parse() ${show(expected?.[field] ?? null)}`);
    }
    if (out.length >= limit) return out;
    i++;
  }
  if (i !== lines.length) out.push(`the iterator gave ${i} entries, expected ${lines.length}`);
  if (batch.failures !== failures) out.push(`failures ${batch.failures}, expected ${failures}`);
  return out;
}

const CORPUS_FILE = new URL("../../bench/data/kasztp.txt", import.meta.url);

/** The vendored corpus as it is on disk: a BOM, LF line ends, no final newline. */
export function corpusBytes(): Uint8Array {
  return new Uint8Array(readFileSync(CORPUS_FILE));
}

const utf8 = new TextEncoder();

export function bytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Ill-formed UTF-8: each is one or more maximal subparts the decoder replaces with U+FFFD. */
export const INVALID_UTF8: number[][] = [
  [0x80],
  [0xbf],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xc2],
  [0xdf],
  [0xe0, 0x80, 0x80],
  [0xe0, 0xa0],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xef, 0xbf],
  [0xf0, 0x80, 0x80, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf5, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xfe],
  [0xff],
  [0xe2, 0x28, 0xa1],
  [0xc3, 0xc3, 0xa9],
];

/** Lines that are not URLs or are edge cases of the line format, as UTF-8 pieces. */
function awkwardLines(): (string | number[])[][] {
  const lines: (string | number[])[][] = [
    [""],
    [" "],
    ["\t"],
    [" \t \x0b\x0c "],
    ["\r"],
    ["\r\r"],
    ["\x00"],
    ["\x00\x01\x1f"],
    ["\uFEFF"],
    ["\uFEFFhttp://a/"],
    ["http://a/\r"],
    ["\rhttp://a/"],
    ["ht\ttp://a/\tb\r?c"],
    ["  http://a/b  "],
    ["http://"],
    ["https://"],
    ["//"],
    ["?"],
    ["#"],
    ["a:"],
    ["http://[::1]:80/"],
    ["http://[1:2::3]:8080/x?y#z"],
    ["http://0x7f.1/"],
    ["http://1.2.3.4.5/"],
    ["http://999999999999/"],
    ["file:///C:/a/../b"],
    ["file://localhost/x"],
    ["file:c:\\x"],
    ["\\\\server\\share"],
    ["mailto:a@b"],
    ["data:,x y"],
    ["javascript:alert(1)"],
    ["web+demo:/.//not-a-host/"],
    ["non-spec:/.//"],
    ["sc://ñ/x"],
    ["http://a:b@c:1/d"],
    ["http://@/"],
    ["blob:https://a.com/x"],
    ["blob:file:///x"],
    ["blob:ws://a/"],
    ["blob:"],
    ["http://a:65536/"],
    ["../../x?y#z"],
    ["/abs"],
    ["rel"],
    // UTS #46 hosts: the kernel defers these to the single-URL path.
    ["http://bücher.de/"],
    ["https://ÜBER.example/ü?ü#ü"],
    ["http://%C3%BC.com/"],
    ["http://☃.net/"],
    ["http://xn--nxasmq6b.com/"],
    ["http://a\u00adb/"],
    ["http://xn--a.com/"],
    ["http://\u200d.com/"],
    ["http://ß.de/"],
    ["http://日本語。ＪＰ/"],
    ["https://٣.com/"],
    ["blob:https://bücher.de/x"],
    ["file://ü/x"],
    ["http://%ff.com/"],
    ["ws://xn--ls8h.la/"],
    // Non-ASCII outside the host.
    ["http://a/é?é#é"],
    ["sc:é"],
    ["http://a/😀"],
    ["x://\u0000"],
  ];
  for (const bad of INVALID_UTF8) {
    lines.push(
      [bad],
      ["http://a", bad, "b.com/"],
      ["http://a/", bad],
      ["http://a/", bad, "x"],
      ["http://a/?", bad, "#", bad],
      ["sc:", bad],
      [bad, "http://a/"],
    );
  }
  return lines;
}

/** One random line of raw bytes: anything but LF, weighted towards URL delimiters and high bytes. */
function garbageLine(rng: Rng): number[] {
  const out: number[] = [];
  const n = int(rng, 0, 60);
  for (let i = 0; i < n; i++) {
    const r = rng();
    let b =
      r < 0.3 ? int(rng, 0x80, 0xff) : r < 0.5 ? ":/?#@[]%.\\\r\t ".charCodeAt(int(rng, 0, 13)) : int(rng, 0, 0x7f);
    if (b === 0x0a) b = 0x0d;
    out.push(b);
  }
  return out;
}

const SEED = 0xba7c4;

/**
 * Hostile input: the awkward lines, then seeded random strings and random
 * bytes, joined with LF and CRLF in turn, starting with a BOM, and ending
 * without a newline.
 */
export function hostileBytes(random = 2000): Uint8Array {
  const rng = mulberry32(SEED);
  const lines = awkwardLines().map((parts) => bytes(...parts));
  for (let i = 0; i < random; i++) lines.push(i % 2 ? bytes(randomString(rng, 30)) : Uint8Array.from(garbageLine(rng)));
  const pieces: (Uint8Array | number[])[] = [[0xef, 0xbb, 0xbf]];
  lines.forEach((line, i) => {
    if (i > 0) pieces.push(i % 3 === 0 ? [0x0d, 0x0a] : [0x0a]);
    pieces.push(line);
  });
  return bytes(...pieces);
}

/** Lines of about 1 MB: ASCII, non-ASCII, invalid UTF-8, an IDNA host, one that needs no LF at the end. */
export function hugeLines(): Uint8Array {
  const path = "/segment".repeat(MB / 8);
  return bytes(
    `http://host.example${path}?q#f\n`,
    `https://ü.example/${"é😀".repeat(MB / 8)}\r\n`,
    "http://a/",
    new Array(MB / 4).fill([0xe2, 0x82, 0xff, 0x80]).flat(),
    "\n",
    `x:${"a".repeat(MB)}\n`,
    `  http://${"b".repeat(64 * KB)}.com/  \n`,
    `http://${"c".repeat(63)}.com/${"\t".repeat(1000)}x`,
  );
}
