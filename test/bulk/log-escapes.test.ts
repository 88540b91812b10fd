// The escapes of a quoted access-log field undone (src/bulk/log-escapes.ts),
// against encoders of this file written from each server's documentation:
// Apache's mod_log_config (a byte that is not printable ASCII as \xhh; `"`
// and `\` as \" and \\; whitespace as \b \n \r \t \v) and nginx's log_format
// escape=default (`"`, `\`, and bytes below 0x20 or above 0x7E as \xHH).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unescapeLogField, unescapeLogUrl } from "../../src/bulk/log-escapes";
import { builds } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

const hex = (b: number, upper: boolean) => {
  const h = b.toString(16).padStart(2, "0");
  return upper ? h.toUpperCase() : h;
};

const APACHE_C: Record<number, string> = { 8: "b", 10: "n", 13: "r", 9: "t", 11: "v", 34: '"', 92: "\\" };

/** Bytes as Apache writes them in a log field. */
function apacheEscape(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    if (APACHE_C[b] !== undefined) out += `\\${APACHE_C[b]}`;
    else if (b < 0x20 || b >= 0x7f) out += `\\x${hex(b, false)}`;
    else out += String.fromCharCode(b);
  }
  return out;
}

/** Bytes as nginx writes them in a log field (escape=default). */
function nginxEscape(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    out += b === 0x22 || b === 0x5c || b < 0x20 || b > 0x7e ? `\\x${hex(b, true)}` : String.fromCharCode(b);
  }
  return out;
}

/** The bytes of URL text with its %HH escapes decoded. */
function percentDecodedBytes(text: string): Uint8Array {
  const bytes = [...new TextEncoder().encode(text)];
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const h = String.fromCharCode(...bytes.slice(i + 1, i + 3));
    if (bytes[i] === 0x25 && /^[0-9A-Fa-f]{2}$/.test(h)) {
      out.push(parseInt(h, 16));
      i += 2;
    } else {
      out.push(bytes[i]);
    }
  }
  return Uint8Array.from(out);
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
/** Bytes, many of them not printable, some UTF-8 sequences whole. */
const fieldBytes = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => [b]),
      fc.constantFrom([0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0x5c, 0x22], [0x5c, 0x78]),
    ),
    { maxLength: 40 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));
const ESCAPERS = [
  ["Apache", apacheEscape],
  ["nginx", nginxEscape],
] as const;

describe.each(ESCAPERS)("%s's escapes", (_server, escapeField) => {
  it("undone as text: the bytes read as UTF-8", () => {
    fc.assert(
      fc.property(fieldBytes, (bytes) => unescapeLogField(escapeField(bytes)) === utf8.decode(bytes)),
      { seed: 0x34, numRuns: randomCases(3000) },
    );
  });

  it("undone as URL text: each byte itself (a byte that is not UTF-8 as %HH)", () => {
    fc.assert(
      fc.property(
        fieldBytes.filter((b) => !b.includes(0x25)),
        (bytes) => {
          expect(percentDecodedBytes(unescapeLogUrl(escapeField(bytes)))).toEqual(bytes);
        },
      ),
      { seed: 0x34, numRuns: randomCases(3000) },
    );
  });
});

describe("examples", () => {
  it("Apache's C escapes are the characters, not the letters", () => {
    expect(unescapeLogField(String.raw`x\ty\nz\r\v\b`)).toBe("x\ty\nz\r\v\b");
    expect(unescapeLogField(String.raw`say \"hi\" \\o/`)).toBe(String.raw`say "hi" \o/`);
  });

  it.each(builds)("%s: a target's byte that is not UTF-8 is that byte in the URL, not U+FFFD", (_name, api) => {
    const line = (target: string) => `h - - [t] "GET ${target} HTTP/1.1" 200 1 "-" "ua"`;
    const text = [line(String.raw`/caf\xE9`), line(String.raw`/caf\xe8`), line(String.raw`/caf\xC3\xA9`)].join("\n");
    const batch = api.parseBatch(text, { accessLog: "request", base: "https://s.example/" });
    expect([0, 1, 2].map((i) => batch.get(i)?.pathname)).toEqual(["/caf%E9", "/caf%E8", "/caf%C3%A9"]);
  });
});
