// Strings go into the kernel's memory as UTF-8 by a copy loop (short ASCII
// strings) or TextEncoder#encodeInto (in pieces for long strings), chosen by
// length (src/kernel/arena.ts). Each is checked against TextEncoder's bytes,
// lone surrogates (U+FFFD) included, at the lengths where the choice changes,
// on flat strings and on the sliced strings split() makes. npm test runs this
// file on Node 20 and again on Node 24.
import { describe, expect, it } from "vitest";
import { createSwurl, type KernelName } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { internals } from "../helpers/internals";
import { int, mulberry32, pick } from "../helpers/random";

const encoder = new TextEncoder();

/** A string of `length` UTF-16 units: ASCII, with `odd` at index `at` when given. */
function stringOf(length: number, odd = "", at = -1): string {
  let s = "";
  for (let i = 0; s.length < length; i++) s += i === at ? odd : String.fromCharCode(0x61 + (i % 26));
  return s.slice(0, length);
}

/** The units a writer may meet: Latin-1, BMP, a surrogate pair, lone surrogates. */
const ODD = ["é", "\u00ff", "\u20ac", "😀", "\ud800", "\udfff", "\u007f"];
/** Around the copy loop's limits (16, and 64 away from the input's place), the pieces of encodeInto (65,536 units), and others. */
const LENGTHS = [0, 1, 12, 13, 15, 16, 17, 24, 32, 45, 63, 64, 65, 100, 65535, 65536, 65537, 140000];

describe.each(builds.map(([name]) => name as KernelName))("arena.input (%s)", (name) => {
  const arena = internals(createSwurl(name));
  const memory = () => new Uint8Array(arena.backend.buffer());

  function expectWritten(s: string): void {
    const expected = encoder.encode(s);
    const n = arena.input(s);
    expect(n).toBe(expected.length);
    expect(Buffer.from(memory().subarray(arena.inputStart, arena.inputStart + n)).equals(expected)).toBe(true);
  }

  it("writes ASCII strings of every length around the writers' limits", () => {
    for (const length of LENGTHS) expectWritten(stringOf(length));
  });

  it("writes non-ASCII units and lone surrogates as TextEncoder does, first, last and mid-string", () => {
    for (const length of LENGTHS.filter((n) => n > 0)) {
      for (const odd of ODD) {
        for (const at of [0, length >> 1, length - 1]) expectWritten(stringOf(length, odd, at));
      }
    }
  });

  it("writes sliced strings (lines of split()) as TextEncoder does", () => {
    const text = LENGTHS.map((n) => stringOf(n, "é", n >> 1)).join("\n");
    for (const line of text.split("\n")) expectWritten(line);
  });

  it("writes strings away from the input's place (a base's href) as TextEncoder does", () => {
    // After an input, as parse() writes a base's href: another copy loop limit applies there.
    const at = arena.inputStart + 4104;
    for (const length of LENGTHS.filter((n) => n <= 1000)) {
      for (const s of [stringOf(length), ...ODD.map((odd) => stringOf(length, odd, length >> 1))]) {
        const expected = encoder.encode(s);
        arena.reserve(at - arena.inputStart + 3 * s.length + 16);
        expect(arena.write(s, at)).toBe(expected.length);
        expect(Buffer.from(memory().subarray(at, at + expected.length)).equals(expected)).toBe(true);
      }
    }
  });

  it("keeps a surrogate pair whole across encodeInto's piece boundary", () => {
    for (const at of [65534, 65535, 65536]) expectWritten(stringOf(70000, "😀", at));
  });

  it("writes random strings of mixed units like TextEncoder", () => {
    const random = mulberry32(20261125);
    const units = ["a", "/", "%", "é", "\u4e2d", "😀", "\ud83d", "\ude00", " "];
    for (let i = 0; i < 2000; i++) {
      const length = int(random, 0, 40);
      let s = "";
      for (let k = 0; k < length; k++) s += pick(random, units);
      expectWritten(s);
    }
  });
});
