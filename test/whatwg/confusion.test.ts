// Parser-confusion payloads: URLs on which parsers have disagreed about the
// host, with the host each must give by the WHATWG URL Standard (what browsers
// and fetch() connect to), or null where the Standard fails the URL. The
// expected hosts were written from the Standard's host parser and are checked
// against whatwg-url 17.3 below, then asserted on swurl's three builds, through
// parse(), canParse() and parseBatch().
//
// Sources: the url-parse advisories (CVE-2018-3774, CVE-2021-27515,
// CVE-2021-3664, CVE-2022-0512, CVE-2022-0639, CVE-2022-0686, CVE-2022-0691),
// Orange Tsai's "A New Era of SSRF" (Black Hat USA 2017), and the usual SSRF
// and allow-list bypass forms: IPv4 numbers, percent-encoded hosts, slash
// counts, backslashes, IDNA look-alikes.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { reference } from "../helpers/url-targets";

interface Payload {
  /** Where the payload comes from and what it tries. */
  what: string;
  input: string;
  base?: string;
  /** The hostname by the URL Standard, or null for failure. */
  hostname: string | null;
  /** The protocol too, where the payload is about the scheme. */
  protocol?: string;
}

const PAYLOADS: Payload[] = [
  // url-parse advisories. Each was a url-parse result that differs from the
  // Standard's; the Standard's answer is the expected one.
  // "\" is a path separator in special URLs: the authority ends before it, so the "@" is in the path.
  { what: "CVE-2018-3774: backslash before @", input: "http://evil.example\\@good.example/", hostname: "evil.example" },
  // The special authority ignore slashes state skips any run of "/" and "\" after "scheme:".
  { what: "CVE-2021-27515: http:\\/", input: "https:\\/github.com/foo/bar", hostname: "github.com" },
  { what: "CVE-2021-27515: mixed slashes", input: "https:/\\/\\/\\github.com/foo/bar", hostname: "github.com" },
  { what: "CVE-2021-27515: two backslashes", input: "http:\\\\evil.example", hostname: "evil.example" },
  {
    what: "CVE-2021-3664: three slashes after a special scheme",
    input: "https:///evil.example/",
    hostname: "evil.example",
  },
  // The authority state takes the last "@": everything before it is userinfo.
  { what: "CVE-2022-0512: two @", input: "http://user@attacker.example@good.example/", hostname: "good.example" },
  // "If atSignSeen is true and buffer is the empty string, host-missing validation error, return failure."
  { what: "CVE-2022-0639: @ and an empty host", input: "http://@/127.0.0.1", hostname: null },
  // An empty port is no port.
  { what: "CVE-2022-0686: a colon and no port", input: "http://example.com:", hostname: "example.com" },
  // "Remove any leading and trailing C0 control or space from input."
  { what: "CVE-2022-0691: leading backspace", input: "\bjavascript:alert(1)", hostname: "", protocol: "javascript:" },
  {
    what: "CVE-2022-0691: leading controls",
    input: "\b\x00\x1f http://good.example/",
    hostname: "good.example",
    protocol: "http:",
  },

  // Orange Tsai, "A New Era of SSRF".
  { what: "SSRF: space, & and two @", input: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", hostname: "2.2.2.2" },
  { what: "SSRF: @ in the fragment", input: "http://google.com#@evil.com/", hostname: "google.com" },
  { what: "SSRF: port-like userinfo and two @", input: "http://foo@evil.com:80@google.com/", hostname: "google.com" },
  { what: "SSRF: space before the last @", input: "http://foo@127.0.0.1 @google.com/", hostname: "google.com" },
  // "Remove all ASCII tab or newline from input": the tab goes before any host parsing.
  { what: "SSRF: a tab in the host", input: "http://127.0.0.1\tfoo.google.com/", hostname: "127.0.0.1foo.google.com" },
  // Percent-decoding gives a tab, a forbidden domain code point.
  { what: "SSRF: %09 in the host", input: "http://127.0.0.1%09foo.google.com/", hostname: null },
  { what: "SSRF: %2509 in the host", input: "http://127.0.0.1%2509foo.google.com/", hostname: null },
  // CR and LF are removed; the spaces that are left are forbidden in a domain.
  {
    what: "SSRF: CRLF injection in the host",
    input: "http://127.0.0.1\r\nSLAVEOF orange.tw 6379\r\n:6379/",
    hostname: null,
  },
  { what: "SSRF: enclosed alphanumerics", input: "http://ⓖⓞⓞⓖⓛⓔ.com/", hostname: "google.com" },

  // IPv4 numbers: a domain that ends in a number is an IPv4 address in any radix and part count.
  { what: "IPv4: hex and two parts", input: "http://0x7f.1/", hostname: "127.0.0.1" },
  { what: "IPv4: one octal number", input: "http://017700000001/", hostname: "127.0.0.1" },
  { what: "IPv4: one decimal number", input: "http://2130706433/", hostname: "127.0.0.1" },
  { what: "IPv4: two parts", input: "http://127.1/", hostname: "127.0.0.1" },
  { what: "IPv4: 0", input: "http://0/", hostname: "0.0.0.0" },
  { what: "IPv4: one hex number", input: "http://0x7f000001/", hostname: "127.0.0.1" },
  { what: "IPv4: an octal part", input: "http://0177.0.0.1/", hostname: "127.0.0.1" },
  { what: "IPv4: hex parts", input: "http://0x7f.0x0.0x0.0x1/", hostname: "127.0.0.1" },
  { what: "IPv4: 0x alone is 0", input: "http://0x.0x.0/", hostname: "0.0.0.0" },
  { what: "IPv4: metadata address, last part 16 bits", input: "http://169.254.43518/", hostname: "169.254.169.254" },
  { what: "IPv4: metadata address in hex", input: "http://0xa9fea9fe/", hostname: "169.254.169.254" },
  { what: "IPv4: metadata address in decimal", input: "http://2852039166/", hostname: "169.254.169.254" },
  { what: "IPv4: metadata address in octal parts", input: "http://0251.0376.0251.0376/", hostname: "169.254.169.254" },
  { what: "IPv4: the largest", input: "http://4294967295/", hostname: "255.255.255.255" },
  { what: "IPv4: out of range", input: "http://4294967296/", hostname: null },
  { what: "IPv4: five parts", input: "http://1.2.3.4.5/", hostname: null },
  { what: "IPv4: 09 is not octal", input: "http://1.2.3.09/", hostname: null },
  { what: "IPv4: circled digits map to digits", input: "http://①②⑦.0.0.1/", hostname: "127.0.0.1" },
  { what: "IPv4: ideographic full stops", input: "http://127。0。0。1/", hostname: "127.0.0.1" },
  { what: "IPv6: IPv4-mapped loopback", input: "http://[::ffff:127.0.0.1]/", hostname: "[::ffff:7f00:1]" },
  { what: "IPv6: IPv4-mapped metadata address", input: "http://[::ffff:a9fe:a9fe]/", hostname: "[::ffff:a9fe:a9fe]" },
  { what: "IPv6: IPv4-compatible", input: "http://[::127.0.0.1]/", hostname: "[::7f00:1]" },
  { what: "IPv6: compressed on output", input: "http://[0:0:0:0:0:0:0:1]/", hostname: "[::1]" },
  { what: "IPv6: an IPv4 address in brackets", input: "http://[127.0.0.1]/", hostname: null },
  { what: "IPv6: a zone identifier", input: "http://[::1%25eth0]/", hostname: null },
  { what: "IPv6: backslash after the brackets", input: "http://[::1]\\@evil.com", hostname: "[::1]" },

  // Percent-encoded hosts are decoded before they are checked.
  { what: "percent-encoded letter", input: "http://%65vil.com/", hostname: "evil.com" },
  { what: "percent-encoded TLD letter", input: "http://evil.c%6fm/", hostname: "evil.com" },
  { what: "percent-encoded IPv4", input: "http://%31%32%37.0.0.1/", hostname: "127.0.0.1" },
  { what: "percent-encoded slash in the host", input: "http://good.com%2F.evil.com/", hostname: null },
  { what: "percent-encoded @ in the host", input: "http://good.com%40evil.com/", hostname: null },
  { what: "percent-encoded NUL in the host", input: "http://evil.com%00.good.com/", hostname: null },
  { what: "raw NUL in the host", input: "http://evil.com\u0000.good.com/", hostname: null },
  { what: "percent-encoded slash in the userinfo", input: "http://evil.com%2f@good.com/", hostname: "good.com" },
  { what: "percent-encoded # in the userinfo", input: "http://good.com%23@evil.com/", hostname: "evil.com" },
  { what: "percent-encoded backslash in the userinfo", input: "http://evil.com%5C@good.com/", hostname: "good.com" },

  // Userinfo and delimiters.
  { what: "userinfo: the classic", input: "http://good.com@evil.com/", hostname: "evil.com" },
  { what: "userinfo: three parts", input: "http://a@b@c/", hostname: "c" },
  { what: "userinfo: ? ends the host", input: "http://evil.com?@good.com/", hostname: "evil.com" },
  { what: "userinfo: ; does not end it", input: "http://evil.com;@good.com/", hostname: "good.com" },
  { what: "userinfo: [ does not end it", input: "http://evil.com[@good.com/", hostname: "good.com" },
  { what: "userinfo: an empty password", input: "http://good.com:@evil.com/", hostname: "evil.com" },
  { what: "userinfo: empty", input: "http://:@evil.com/", hostname: "evil.com" },
  {
    what: "userinfo: backslash in a non-special URL is data",
    input: "sc://evil.com\\@good.com/",
    hostname: "good.com",
  },
  { what: "userinfo: backslash in ws: ends the host", input: "ws://evil.com\\@good.com/", hostname: "evil.com" },
  { what: "backslash then a dot", input: "http://evil.com\\.good.com/", hostname: "evil.com" },

  // Slash counts, scheme-relative references and schemes against a base.
  { what: "scheme-relative", input: "//evil.com", base: "https://good.com/", hostname: "evil.com" },
  { what: "slash and backslash", input: "/\\evil.com", base: "https://good.com/", hostname: "evil.com" },
  { what: "two backslashes", input: "\\\\evil.com", base: "https://good.com/", hostname: "evil.com" },
  { what: "four mixed slashes", input: "/\\/\\evil.com", base: "https://good.com/", hostname: "evil.com" },
  { what: "three slashes", input: "///evil.com", base: "https://good.com/", hostname: "evil.com" },
  // Same special scheme as the base and no slashes: a relative path.
  { what: "the base's scheme, no slashes", input: "https:evil.com", base: "https://good.com/", hostname: "good.com" },
  {
    what: "another special scheme, no slashes",
    input: "http:evil.com",
    base: "https://good.com/",
    hostname: "evil.com",
  },
  { what: "no slash, no base", input: "https:evil.com", hostname: "evil.com" },
  { what: "one slash, no base", input: "https:/evil.com", hostname: "evil.com" },
  { what: "four slashes", input: "https:////evil.com", hostname: "evil.com" },
  {
    what: "a non-special scheme keeps its host",
    input: "javascript://good.com/%0Aalert(1)",
    hostname: "good.com",
    protocol: "javascript:",
  },
  { what: "a newline in the scheme", input: "java\nscript:alert(1)", hostname: "", protocol: "javascript:" },
  { what: "a tab in the scheme", input: "ht\ttp://evil.com/", hostname: "evil.com", protocol: "http:" },
  { what: "file: with a host", input: "file://evil.com/etc/passwd", hostname: "evil.com" },
  { what: "file: localhost is no host", input: "file://localhost/etc", hostname: "" },
  { what: "file: backslashes", input: "file:\\\\evil.com\\share", hostname: "evil.com" },

  // Ports.
  { what: "port: two ports", input: "http://good.com:80:80/", hostname: null },
  { what: "port: a letter", input: "http://good.com:8o/", hostname: null },
  { what: "port: out of range", input: "http://good.com:65536/", hostname: null },

  // IDNA look-alikes and dots: UTS #46 maps before the host is compared.
  { what: "IDNA: ideographic full stop", input: "http://evil\u3002com/", hostname: "evil.com" },
  { what: "IDNA: fullwidth letters and dot", input: "http://ｅｖｉｌ．ｃｏｍ/", hostname: "evil.com" },
  { what: "IDNA: fullwidth capitals", input: "http://ＧＯＯＧＬＥ.com/", hostname: "google.com" },
  { what: "IDNA: Cyrillic look-alike of apple", input: "http://аррӏе.com/", hostname: "xn--80ak6aa92e.com" },
  { what: "IDNA: the same, as Punycode", input: "http://xn--80ak6aa92e.com/", hostname: "xn--80ak6aa92e.com" },
  { what: "IDNA: soft hyphen is mapped away", input: "http://ex\u00adample.com/", hostname: "example.com" },
  { what: "IDNA: zero width space is ignored", input: "http://ex\u200bample.com/", hostname: "example.com" },
  { what: "IDNA: sharp s is kept (nontransitional)", input: "http://ß.com/", hostname: "xn--zca.com" },
  // An ASCII domain is only lower-cased; a non-ASCII one goes through UTS #46, which checks its Punycode labels.
  { what: "IDNA: invalid Punycode in an ASCII domain", input: "http://xn--a.com/", hostname: "xn--a.com" },
  { what: "IDNA: invalid Punycode beside a non-ASCII label", input: "http://xn--a.ß.com/", hostname: null },
  { what: "dots: a trailing dot is kept", input: "http://EVIL.COM./", hostname: "evil.com." },
  { what: "dots: an empty label", input: "http://good.com..evil.com/", hostname: "good.com..evil.com" },
];

function hostnameOf(
  api: { parse(input: string, base?: string): { hostname: string } | null },
  p: Payload,
): string | null {
  return api.parse(p.input, p.base)?.hostname ?? null;
}

describe("confusion payloads by the URL Standard (whatwg-url 17.3)", () => {
  it("gives the expected host for every payload", () => {
    const wrong = PAYLOADS.filter(
      (p) =>
        hostnameOf(reference, p) !== p.hostname ||
        (p.protocol !== undefined && reference.parse(p.input, p.base)?.protocol !== p.protocol),
    );
    expect(wrong.map((p) => p.what)).toEqual([]);
  });
});

describe.each(builds)("confusion payloads (%s)", (_name, api) => {
  it.each(PAYLOADS)("$what: $input", (p) => {
    const url = api.parse(p.input, p.base);
    expect(url?.hostname ?? null).toBe(p.hostname);
    if (p.protocol !== undefined) expect(url?.protocol).toBe(p.protocol);
    expect(api.canParse(p.input, p.base)).toBe(p.hostname !== null);
    // The same through the bulk path, where the line holds no line break.
    if (!/[\r\n]/.test(p.input)) expect(api.parseBatch(p.input, { base: p.base }).hostname(0)).toBe(p.hostname);
  });
});
