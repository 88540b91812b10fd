// The host parser's IPv4 step ("If asciiDomain ends in a number, then return
// the result of IPv4 parsing asciiDomain": #ends-in-a-number-checker and
// #concept-ipv4-parser, run by the kernel in one pass, assembly/ipv4.ts
// ipv4Host()) and the dotted-quad test of the fast paths (isDottedQuad()),
// against whatwg-url on seeded random hosts made of the parts both branch on:
// numbers in each radix at the edges of their ranges, parts that are not
// numbers, empty parts, trailing dots. Each host goes through parse(),
// canParse() (whose fast path reads any IPv4 form, plainDomainEnd()) and the
// hostname setter of every build.
import { URL as WhatwgURL } from "whatwg-url";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { int, mulberry32, pick, type Rng } from "../helpers/random";
import { reference } from "../helpers/url-targets";

const SEED = 0x1b4_0004;
const HOSTS = 12_000;

/** Parts that are numbers or not at the checker's and the parser's edges. */
const EDGE_PARTS = [
  ...["", "0", "00", "08", "09", "019", "0x", "0X", "0x1g", "x", "X", "a", "4a", "ff", "1e", "cafe", "com"],
  ...["255", "256", "65535", "65536", "16777215", "16777216", "4294967295", "4294967296", "99999999999"],
  ...["0xff", "0x100", "0xffffffff", "0x100000000", "0XFFFFFFFF", "037777777777", "040000000000", "0377", "0400"],
  ...["%31", "-1", "+1", "1 ", "ａ"],
];

function part(rng: Rng): string {
  const k = rng();
  if (k < 0.35) return String(int(rng, 0, 299));
  if (k < 0.45) return `0${int(rng, 0, 19)}`;
  if (k < 0.55) {
    // Hex digits in either case: canParse()'s fast path reads the host before the parser lower-cases it.
    const hex = `${pick(rng, ["0x", "0X"])}${int(rng, 0, 299).toString(16)}`;
    return rng() < 0.5 ? hex : hex.toUpperCase();
  }
  if (k < 0.62) return String(int(rng, 0, 5e9));
  if (k < 0.85) return pick(rng, EDGE_PARTS);
  return String(int(rng, 0, 255));
}

function randomHost(rng: Rng): string {
  let host = Array.from({ length: int(rng, 1, 6) }, () => part(rng)).join(".");
  const end = rng();
  if (end < 0.1) host += ".";
  else if (end < 0.13) host += "..";
  else if (end < 0.15) host = `.${host}`;
  return host;
}

const rng = mulberry32(SEED);
const hosts = Array.from({ length: HOSTS }, () => randomHost(rng));
const SCHEMES = ["http://", "https://", "ws://", "ftp://", "file://", "HTTP://"];
const TAILS = ["/", "/x", ":81/", ":80/", "?q", "#f", ""];
const inputs = hosts.map((host, i) => SCHEMES[i % SCHEMES.length] + host + TAILS[i % TAILS.length]);

describe.each(builds)("IPv4 hosts against whatwg-url (%s)", (_build, api) => {
  it(`${inputs.length} URLs: parse() and canParse()`, () => {
    const mismatches: string[] = [];
    for (const input of inputs) {
      const expected = reference.parse(input)?.href ?? null;
      const got = api.parse(input)?.href ?? null;
      if (got !== expected || api.canParse(input) !== (expected !== null)) {
        mismatches.push(`${JSON.stringify(input)}: ${got} (canParse ${api.canParse(input)}), expected ${expected}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it(`${hosts.length} hosts: the hostname setter`, () => {
    const mismatches: string[] = [];
    for (const host of hosts) {
      const url = new api.URL("http://example.com/p");
      const expected = new WhatwgURL("http://example.com/p");
      url.hostname = host;
      expected.hostname = host;
      if (url.href !== expected.href)
        mismatches.push(`${JSON.stringify(host)}: ${url.href}, expected ${expected.href}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("the hosts cover addresses, failures and domains", () => {
    // A generator that made only one kind would leave the others untested.
    const kinds = new Set(
      inputs.map((input) => {
        const url = reference.parse(input);
        if (url === null) return "failure";
        return /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) ? "ipv4" : "domain";
      }),
    );
    expect([...kinds].sort()).toEqual(["domain", "failure", "ipv4"]);
  });
});
