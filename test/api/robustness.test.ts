// No input may trap the WASM kernel or crash the JS one, and results stay
// right at the edges: empty and huge strings, memory growth (which detaches
// typed-array views), lone surrogates, every code unit.
import { describe, expect, it } from "vitest";
import { createSwurl, type KernelName } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { SET_NAMES, referenceEncode } from "../helpers/encode-sets";
import { model, parts, recompose } from "../helpers/split-model";

const MB = 1 << 20;

/** Index of the first code unit where `a` and `b` differ, or -1 (a readable failure for huge strings). */
function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

/** `unit` repeated to at least `units` UTF-16 code units. */
function repeatTo(unit: string, units: number): string {
  return unit.repeat(Math.ceil(units / unit.length));
}

// Small inputs with known answers, run before and after the memory grows.
const SMALL: [string, (api: ReturnType<typeof createSwurl>) => unknown, unknown][] = [
  [
    "split",
    (api) => api.split("http://u:p@h:1/p?q#f").toJSON(),
    parts({ scheme: "http", user: "u", password: "p", host: "h", port: "1", path: "/p", query: "q", fragment: "f" }),
  ],
  [
    "split non-ASCII",
    (api) => api.split("x://ü@😀/\ud800?é").toJSON(),
    parts({ scheme: "x", user: "ü", host: "😀", path: "/\ud800", query: "é" }),
  ],
  ["split ''", (api) => api.split("").toJSON(), parts({})],
  ["percentDecode", (api) => api.percentDecode("%E2%82%AC+%41", { plusAsSpace: true }), "€ A"],
  ["percentDecode at the end", (api) => api.percentDecode("ab%4"), "ab%4"],
  [
    "percentDecode strict",
    (api) => {
      try {
        api.percentDecode("é%4", { strict: true });
      } catch (e) {
        return (e as Error).name;
      }
      return "no error";
    },
    "SyntaxError",
  ],
  ["percentEncode", (api) => api.percentEncode("a b/é", "component"), "a%20b%2F%C3%A9"],
  ["percentEncode ''", (api) => api.percentEncode("", "path"), ""],
];

function checkSmall(api: ReturnType<typeof createSwurl>): void {
  for (const [what, run, expected] of SMALL) expect(run(api), what).toEqual(expected);
}

interface CodeUnitCase {
  ch: string;
  /** JSON of the expected split of `ch` alone, and of `url` (which holds `ch` in every component). */
  alone: string;
  url: string;
  inUrl: string;
  /** The expected percentEncode(ch, set) for each of SET_NAMES. */
  encoded: string[];
}

let codeUnitCases: CodeUnitCase[] | null = null;

/** The expected results for every code unit, computed once for all builds. */
function everyCodeUnit(): CodeUnitCase[] {
  if (codeUnitCases) return codeUnitCases;
  codeUnitCases = [];
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    const alone = ch === "?" ? parts({ query: "" }) : ch === "#" ? parts({ fragment: "" }) : parts({ path: ch });
    const url = `a${ch}://u${ch}@h${ch}:1${ch}/p${ch}?q${ch}#f${ch}`;
    codeUnitCases.push({
      ch,
      alone: JSON.stringify(alone),
      url,
      inUrl: JSON.stringify(model(url)),
      encoded: SET_NAMES.map((set) => referenceEncode(ch, set)),
    });
  }
  return codeUnitCases;
}

describe.each(builds)("robustness (%s)", (_name, api) => {
  // First in this suite, while this file's instance still has its initial memory.
  it("stays right while the memory grows again and again, and for small inputs after", () => {
    checkSmall(api);
    const before = api.split("http://h/kept?after#growth");
    for (let size = 16; size <= 8 * MB; size *= 2) {
      const n = Math.ceil(size / 6);
      const path = "/a%41b".repeat(n);
      const p = api.split(`s://h${path}?q`);
      expect([p.host, p.path.length, p.query]).toEqual(["h", path.length, "q"]);
      expect(firstDifference(api.percentDecode(path), "/aAb".repeat(n))).toBe(-1);
      expect(firstDifference(api.percentEncode(path, "component"), "%2Fa%2541b".repeat(n))).toBe(-1);
      checkSmall(api);
    }
    // A result made before the growth still reads its own input.
    expect(before.toJSON()).toEqual(
      parts({ scheme: "http", host: "h", path: "/kept", query: "after", fragment: "growth" }),
    );
  });

  it("handles empty strings", () => {
    expect(api.split("").toJSON()).toEqual(parts({}));
    for (const plusAsSpace of [false, true]) {
      for (const strict of [false, true]) expect(api.percentDecode("", { plusAsSpace, strict })).toBe("");
    }
    for (const set of SET_NAMES) expect(api.percentEncode("", set)).toBe("");
  });

  it("splits a 10 MB URL, ASCII and not", () => {
    for (const [path, query] of [
      [repeatTo("/segment-x", 9 * MB), repeatTo("k=v&", MB)],
      [repeatTo("/é😀\ud800x", 5 * MB), repeatTo("ü=😀&", MB)],
    ]) {
      const input = `http://user:pw@host.example:8080${path}?${query}#frag`;
      const p = api.split(input);
      expect([p.scheme, p.user, p.password, p.host, p.port, p.fragment]).toEqual([
        "http",
        "user",
        "pw",
        "host.example",
        "8080",
        "frag",
      ]);
      expect(firstDifference(p.path, path)).toBe(-1);
      expect(firstDifference(p.query!, query)).toBe(-1);
    }
  });

  it("percent-decodes 10 MB, with and without plusAsSpace and strict", () => {
    // A run of 40 plain bytes between escapes exercises the 16-byte block copy.
    const unit = "%E2%82%AC" + "x".repeat(40) + "+%41%zz";
    const input = repeatTo(unit, 10 * MB);
    const n = input.length / unit.length;
    expect(firstDifference(api.percentDecode(input), ("€" + "x".repeat(40) + "+A%zz").repeat(n))).toBe(-1);
    expect(
      firstDifference(api.percentDecode(input, { plusAsSpace: true }), ("€" + "x".repeat(40) + " A%zz").repeat(n)),
    ).toBe(-1);
    expect(() => api.percentDecode(input, { strict: true })).toThrow(/(?<!\d)53(?!\d)/);
    // The index of a bad escape after 3 million non-ASCII code units (7 MB of UTF-8).
    const far = "é😀".repeat(1_000_000) + "%41%zz";
    expect(() => api.percentDecode(far, { strict: true })).toThrow(/(?<!\d)3000003(?!\d)/);
  });

  it.each(SET_NAMES)("percent-encodes 10 MB (%s)", (set) => {
    const unit = "a b/é?😀#%\ud800" + "z".repeat(40);
    const input = repeatTo(unit, 10 * MB);
    const expected = referenceEncode(unit, set).repeat(input.length / unit.length);
    expect(firstDifference(api.percentEncode(input, set), expected)).toBe(-1);
  });

  it("splits around every 16-byte block boundary", () => {
    for (let n = 0; n <= 48; n++) {
      for (const d of ":/?#@[]%") {
        const input = "a".repeat(n) + d + "b".repeat(n) + "//" + "c".repeat(n) + d + "e";
        expect(api.split(input).toJSON(), input).toEqual(model(input));
        expect(api.split("s://" + input).toJSON(), input).toEqual(model("s://" + input));
      }
      const plain = "a".repeat(n);
      expect(api.percentDecode(plain + "%41+" + plain, { plusAsSpace: true })).toBe(plain + "A " + plain);
      expect(api.percentDecode(plain + "%4")).toBe(plain + "%4");
    }
  });

  it("survives lone surrogates in every component", () => {
    for (const lone of ["\ud800", "\udbff", "\udc00", "\udfff"]) {
      const input = `s${lone}://u${lone}:p${lone}@h${lone}:${lone}/p${lone}?q${lone}#f${lone}`;
      expect(api.split(input).toJSON()).toEqual(model(input));
      const url = `s://u${lone}:p${lone}@h${lone}:${lone}/p${lone}?q${lone}#f${lone}`;
      expect(recompose(api.split(url).toJSON())).toBe(url);
      for (const set of SET_NAMES) expect(api.percentEncode(input, set)).toBe(referenceEncode(input, set));
      expect(api.percentDecode(`${lone}%41${lone}`)).toMatch(/^[\ud800-\udfff\ufffd]A[\ud800-\udfff\ufffd]$/);
    }
  });

  it("splits and percent-encodes every single code unit 0..0xFFFF", () => {
    const wrong: string[] = [];
    for (const { ch, alone, inUrl, url, encoded } of everyCodeUnit()) {
      const at = `U+${ch.charCodeAt(0).toString(16)}`;
      if (JSON.stringify(api.split(ch).toJSON()) !== alone) wrong.push(`split ${at}`);
      if (JSON.stringify(api.split(url).toJSON()) !== inUrl) wrong.push(`split in a URL ${at}`);
      SET_NAMES.forEach((set, i) => {
        if (api.percentEncode(ch, set) !== encoded[i]) wrong.push(`percentEncode ${set} ${at}`);
      });
      if (wrong.length > 10) break;
    }
    expect(wrong).toEqual([]);
  });
});

// Last in this file: with the JS build, a second instance currently takes over
// the kernel's heap (assembly/memory.ts keeps one per module), which would
// break the tests above if it ran before them.
describe.each(builds)("separate instances (%s)", (name) => {
  it("two instances of the same build keep their own memory", () => {
    const a = createSwurl(name as KernelName);
    checkSmall(a);
    const b = createSwurl(name as KernelName);
    checkSmall(a);
    checkSmall(b);
    // Grow one of them; the other is unaffected.
    const big = repeatTo("%41", 2 * MB);
    expect(b.percentDecode(big)).toBe("A".repeat(big.length / 3));
    checkSmall(a);
    checkSmall(b);
  });
});
