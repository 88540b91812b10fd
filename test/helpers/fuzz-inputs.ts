// The inputs of the fuzz properties (test/helpers/fuzz-properties.ts), as fast-check
// arbitraries, so that a failing input shrinks to a small one:
//   - arbitrary strings: any code point, lone surrogates, controls;
//   - URL-ish strings built from a grammar of the pieces parsers get wrong
//     (test/helpers/url-mutations.ts lists them): backslashes, "@", ":", "//", "%" and
//     "%2e", brackets and IPv6 bodies, IPv4 numbers in every radix, "xn--"
//     labels, fullwidth and ideographic dots, tabs and newlines anywhere;
//   - raw bytes, for the byte-taking functions.
import fc from "fast-check";
import { corpusLines } from "./corpus";
import * as P from "./url-mutations";

const char = (code: number): string => String.fromCharCode(code);

/** One code point or lone surrogate, weighted towards what parsers branch on. */
const unit: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x21, max: 0x7e }).map(char) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x20 }).map(char) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("\x7f", "\u0080", "\u00a0", "\u00ad", "\u200b", "\u200d", "\ufeff", "\ufffd"),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 0x80, max: 0xffff })
      .filter((c) => c < 0xd800 || c > 0xdfff)
      .map(char),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map(char) },
);

/** Any string: every code point, lone surrogates and controls included. */
export const anyString = fc.string({ unit, maxLength: 40 });

/** An IPv4 part as the host parser reads it: decimal, "0x" hex or "0" octal, some out of range or malformed. */
const ipv4Part = fc.oneof(
  { weight: 6, arbitrary: fc.nat(300).map(String) },
  { weight: 1, arbitrary: fc.nat(2 ** 32 + 5).map(String) },
  { weight: 2, arbitrary: fc.nat().map((n) => `0x${n.toString(16)}`) },
  { weight: 2, arbitrary: fc.nat(0o777).map((n) => `0${n.toString(8)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "0x",
      "0X",
      "08",
      "09",
      "0xg",
      "",
      "00",
      "4294967295",
      "4294967296",
      "0xffffffff",
      "1e2",
      "１",
    ),
  },
);
const ipv4 = fc
  .tuple(fc.array(ipv4Part, { minLength: 1, maxLength: 5 }), fc.nat(9))
  .map(([parts, dot]) => parts.join(".") + (dot === 0 ? "." : ""));

const ipv6 = fc.oneof(
  fc.constantFrom(...P.IPV6),
  fc
    .array(
      fc.oneof(
        fc.nat(0xffff).map((n) => n.toString(16)),
        fc.constant(""),
        ipv4,
      ),
      { maxLength: 10 },
    )
    .map((groups) => groups.join(":")),
);
const bracketed = fc
  .tuple(ipv6, fc.constantFrom(["[", "]"], ["[", "]"], ["[", "]"], ["[", ""], ["", "]"], ["[[", "]]"], ["", ""]))
  .map(([body, [open, close]]) => open + body + close);

const label = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,8}$/) },
  { weight: 4, arbitrary: fc.constantFrom(...P.LABELS) },
  { weight: 1, arbitrary: fc.string({ unit, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom("xn--", "XN--", "xn--a", "xn--zca", "xn--nxasmq6b", "xn--ls8h") },
);
const domain = fc
  .tuple(fc.array(fc.tuple(label, fc.constantFrom(...P.DOTS)), { minLength: 1, maxLength: 4 }), label)
  .map(([pairs, last]) => pairs.map(([l, dot]) => l + dot).join("") + last);
const host = fc.oneof(
  { weight: 5, arbitrary: domain },
  { weight: 3, arbitrary: ipv4 },
  { weight: 2, arbitrary: bracketed },
  { weight: 1, arbitrary: fc.constant("") },
);

const scheme = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...P.SPECIAL_SCHEMES) },
  { weight: 3, arbitrary: fc.constantFrom(...P.OTHER_SCHEMES) },
  { weight: 1, arbitrary: fc.constantFrom(...P.BAD_SCHEMES) },
);
const segment = fc.oneof(fc.constantFrom(...P.SEGMENTS), fc.string({ unit, maxLength: 4 }));
const path = fc
  .array(fc.tuple(fc.constantFrom("/", "/", "\\", "//", ""), segment), { maxLength: 5 })
  .map((parts) => parts.map(([separator, s]) => separator + s).join(""));
const query = fc
  .option(fc.oneof(fc.constantFrom(...P.QUERIES), anyString), { nil: "" })
  .map((q) => (q === "" ? "" : `?${q}`));
const fragment = fc
  .option(fc.oneof(fc.constantFrom(...P.FRAGMENTS), anyString), { nil: "" })
  .map((f) => (f === "" ? "" : `#${f}`));

/** scheme, slashes, userinfo, host, port, path, query, fragment: each piece from the dangerous ones. */
const structured = fc
  .tuple(
    fc.option(scheme, { nil: "", freq: 8 }),
    fc.constantFrom(...P.AFTER_SCHEME, "//", "\\\\", "/\\", ""),
    fc.constantFrom(...P.USERINFO),
    host,
    fc.constantFrom(...P.PORTS),
    path,
    query,
    fragment,
  )
  .map(
    ([s, after, user, h, port, p, q, f]) =>
      (s === "" ? after.replace(/^:/, "") : s + after) + user + h + port + p + q + f,
  );

/** A run of dangerous pieces in any order: what the structured form never puts side by side. */
const soup = fc
  .tuple(
    fc.option(
      fc.constantFrom(...P.SPECIAL_SCHEMES, ...P.OTHER_SCHEMES).map((s) => `${s}:`),
      { nil: "" },
    ),
    fc.array(fc.oneof(fc.constantFrom(...P.DANGER), label, ipv4, unit), { maxLength: 16 }),
  )
  .map(([s, pieces]) => s + pieces.join(""));

/** Mostly nothing; sometimes a space or control the parser strips from both ends (or, U+00A0 and U+3000, does not). */
const padding = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom(...P.SPACES) },
);

/** Tabs and newlines (which the parser removes) and spaces put anywhere into a string, and padding around it. */
function sprinkled(arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      arbitrary,
      fc.array(fc.tuple(fc.nat(), fc.constantFrom("\t", "\n", "\r", "\r\n", " ")), { maxLength: 2 }),
      padding,
    )
    .map(([s, inserts, pad]) => {
      let out = s;
      for (const [at, what] of inserts) {
        const i = at % (out.length + 1);
        out = out.slice(0, i) + what + out.slice(i);
      }
      return pad + out + pad;
    });
}

/** A real URL of the corpus with one to three mutations of test/helpers/url-mutations.ts (no shrinking: a seed picks it). */
const mutated = (() => {
  const corpus = corpusLines();
  return fc.nat().map((seed) => P.mutationCases(1, seed, corpus)[0].input);
})();

/** URL-ish strings from the grammar of dangerous pieces, and mutated real URLs. */
export const urlish = fc.oneof(
  { weight: 3, arbitrary: sprinkled(structured) },
  { weight: 1, arbitrary: sprinkled(soup) },
  { weight: 1, arbitrary: mutated },
);

/** Any input a URL parser may get. */
export const input = fc.oneof({ weight: 1, arbitrary: anyString }, { weight: 3, arbitrary: urlish });

/** A base: one of every kind (test/helpers/url-mutations.ts), or a URL-ish string (if it does not parse, no input does). */
export const base = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...P.BASES) }, { weight: 1, arbitrary: urlish });

/** Raw bytes: UTF-8 of URL-ish strings cut and mixed with bytes that are not UTF-8, and line ends. */
export const bytes = fc
  .array(
    fc.oneof(
      input.map((s) => [...new TextEncoder().encode(s)]),
      fc.array(fc.nat(255), { maxLength: 8 }),
      fc.constantFrom(
        [0x0a],
        [0x0d, 0x0a],
        [0x0d],
        [0xef, 0xbb, 0xbf],
        [0xc3],
        [0xe2, 0x82],
        [0xf0, 0x9f, 0x98],
        [0xed, 0xa0, 0x80],
        [0xff],
      ),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.flat());
