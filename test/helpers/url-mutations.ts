// Seeded random inputs for the differential test (test/whatwg/whatwg-differential.test.ts):
// real URLs mutated with the pieces URL parsers get wrong, and URLs built from a
// grammar of those pieces: absolute URLs of special and non-special schemes,
// file URLs, opaque paths, and relative references against several kinds of base.
// The same seed always gives the same cases.

import { mulberry32 } from "./random";

export interface DiffCase {
  input: string;
  base?: string;
}

// ---- the pieces (test/helpers/fuzz-inputs.ts builds from them too) ---------------

export const SPECIAL_SCHEMES = ["http", "https", "ws", "wss", "ftp", "file", "HTTP", "hTtPs", "FILE"];
export const OTHER_SCHEMES = [
  "sc",
  "foo",
  "git+ssh",
  "a1.b-c",
  "web+demo",
  "mailto",
  "javascript",
  "data",
  "about",
  "blob",
  "urn",
];
export const BAD_SCHEMES = ["1http", "ht tp", "-x", "h\u0131ttp", "ht%74p", "", "ｈｔｔｐ"];
const OPAQUE_SCHEMES = ["mailto", "javascript", "data", "urn", "sc", "about", "tel"];

export const AFTER_SCHEME = ["://", "://", "://", ":/", ":", ":///", ":////", ":\\\\", ":/\\", ":\\/", ":\t//", ": //"];
export const USERINFO = [
  "",
  "",
  "",
  "",
  "user@",
  "user:pass@",
  ":@",
  "@",
  "a@b@",
  "%40@",
  "us%3Aer:p%40ss@",
  "ü:ñ@",
  "a b@",
  "@@",
  "user:@",
  ":pass@",
  "😀:😀@",
  "u\\ser@",
  "a:b:c@",
  "%00@",
  "a%zz@",
  "user:pa/ss@",
];
export const LABELS = [
  "example",
  "EXAMPLE",
  "com",
  "www",
  "a",
  "b-c",
  "-x",
  "x-",
  "ab--c",
  "localhost",
  "münchen",
  "MÜNCHEN",
  "faß",
  "ß",
  "日本語",
  "ｅｘａｍｐｌｅ",
  "xn--mnchen-3ya",
  "xn--zca",
  "xn--",
  "xn--a",
  "xn--ls8h",
  "xn--tešla",
  "XN--ZCA",
  "xn--1ug",
  "xn--abc-",
  "xn--nxasmq6b",
  "\u00ad",
  "a\u200db",
  "a\u200cb",
  "😀",
  "ex%41mple",
  "%65x",
  "%zz",
  "%",
  "a<b",
  "a^b",
  "a|b",
  "a b",
  "a%00b",
  "a\u0000b",
  "123",
  "0x7f",
  "09",
  "a_b",
  "*",
  "\u0130",
  "\u212a",
  "\ufb00",
  "\u0080",
  "\u05d0\u0308",
  "a\u0300",
  "%e2%98%83",
  "%C3%BC",
];
export const DOTS = [".", ".", ".", ".", "\u3002", "\uff0e", "\uff61", "%2e", "%2E"];
export const IPV6 = [
  "::",
  "::1",
  "1:2:3:4:5:6:7:8",
  "1:2:3:4:5:6:7:8:9",
  "1::2::3",
  "::ffff:1.2.3.4",
  "::ffff:192.168.0.256",
  "::1.2.3",
  "::1.2.3.4.5",
  "fe80::1%25eth0",
  ":::",
  "0:0:0:0:0:0:0:0",
  "::ABCD",
  "12345::",
  "::g",
  "v1.x",
  "::1.2.3.04",
  "::0x1.2.3.4",
  "1:2:3:4:5:6:7::",
  "::1:2:3:4:5:6:7",
  "1:2:3:4:5:6:7:8::",
  "1:2:3:4:5:6::1.2.3.4",
  "0::0:0:0:1",
  ":1::",
  "1:",
  "::%31",
  " ::1",
  "::1 ",
];
export const PORTS = [
  "",
  "",
  "",
  ":",
  ":0",
  ":80",
  ":443",
  ":21",
  ":8080",
  ":65535",
  ":65536",
  ":99999999999999999999",
  ":-1",
  ":8a",
  ":0080",
  ":1e3",
  ": 80",
  ":\uff18\uff10",
  ":+1",
  ":00000000000000000000080",
  ":4294967377",
];
export const SEGMENTS = [
  "a",
  "b",
  "a",
  "..",
  "..",
  ".",
  "%2e",
  "%2E",
  ".%2e",
  "%2e.",
  "%2E%2e",
  "...",
  "",
  "b c",
  "ü",
  "%",
  "%zz",
  "%41",
  "%2f",
  "%5C",
  "C:",
  "c|",
  "C%7C",
  "^",
  "{}",
  "`",
  "|",
  "'",
  '"',
  "<>",
  "%00",
  "\u0000",
  "\u007f",
  "\u001f",
  "\ud800",
  "\udc00",
  "😀",
  "\u3002",
  ";p=1",
  "~",
  "a\tb",
  "a\nb",
  "=",
  "@",
  ":",
  "x  ",
];
const PATH_SEPARATORS = ["/", "/", "/", "/", "\\", "//"];
export const QUERIES = [
  "a=b&c=d",
  "",
  "'",
  "%",
  "%zz",
  "\ud800",
  " x ",
  "ü",
  "?",
  "/",
  '"',
  "<>",
  "`",
  "{}",
  "\u0000",
  "\t",
  "%20+",
  "#",
];
export const FRAGMENTS = ["", "a", "%", " x ", "`", "<>", "\u0000", "\ud83d", "#", "ü", '"', "?x", "{}", "%zz", "\t"];
// Leading and trailing C0 controls and spaces are stripped; U+00A0 and U+3000 are not.
export const SPACES = [" ", "  ", "\t", "\n", "\r\n", "\u0000", "\u001f", "\f", "\u00a0", "\u3000"];
export const DANGER = [
  "\\",
  "@",
  ":",
  "/",
  "//",
  "///",
  "%",
  "%2e",
  "%2E",
  "%2e%2e",
  "..",
  ".",
  "[",
  "]",
  "::",
  "[::1]",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u3002",
  "\uff0e",
  "ü",
  "ß",
  "xn--",
  "\ud800",
  "\udfff",
  "?",
  "#",
  "0x",
  "%25",
  "%00",
  "😀",
  "|",
  "^",
  ":65536",
  ":0",
  "@@",
  "%zz",
  "\u00ad",
  "\u200d",
  "C:",
  "c|",
  "ｅ",
  "%41",
  "<",
  ">",
  '"',
  "`",
  "{",
  "}",
  "'",
  "1.2.3.4",
  "0x7f.1",
  "xn--zca",
];
const FILE_STARTS = [
  "",
  "/",
  "//",
  "///",
  "////",
  "\\\\",
  "//localhost/",
  "//LOCALHOST/",
  "//host/",
  "//C:/",
  "//C|/",
  "/C:",
  "C:",
  "c|",
  "//[::1]/",
  "//1.2.3.4/",
  "//%41/",
  "//ü/",
  "//host:80/",
  "//user@host/",
  "/.//",
];
const DRIVES = ["", "", "C:", "c|", "C|", "Z:/", "1:", "C%3A", "C%7C", "CC:", "C:/..", "C:\\"];
const OPAQUE_BODIES = [
  "x@y.com",
  "alert(1)",
  "text/plain,hi",
  "isbn:0-486-27557-4",
  "  spaces  ",
  "a b ",
  "x ?q",
  "x #f",
  "/not-opaque",
  "//host/path",
  "%",
  "\u0000",
  "ü",
  "\ud800",
  "",
  "a\tb",
  "+1-201-555-0123",
];
export const BASES = [
  "http://example.com/a/b?c#d",
  "https://user:pw@example.com:8443/a/b/c?q#f",
  "http://[::1]:8080/",
  "ws://h/",
  "file:///C:/dir/file",
  "file://host/share/x",
  "file:///",
  "file:",
  "sc://host/a/b",
  "sc:/a/b",
  "sc://",
  "non-special:/..//x",
  "sc:a/b",
  "mailto:a@b.com",
  "javascript:void(0)",
  "about:blank",
  "data:text/plain,x",
  "blob:https://a/b",
];
const RELATIVE = [
  "",
  ".",
  "..",
  "./x",
  "../../../x",
  "C|/x",
  "C:",
  "/C:/x",
  "\\x\\y",
  "http:x",
  "http:/x",
  "https:x",
  "sc:x",
  "file:x",
  "x:y",
  ";x",
  "%2e%2e/x",
  "//",
  "///x",
  "?",
  "#",
  "?q",
  "#f",
  "\\\\host\\x",
];

// ---- the generator -------------------------------------------------------

class Random {
  constructor(private readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  join(min: number, max: number, make: () => string, separator = ""): string {
    return Array.from({ length: min + this.int(max - min + 1) }, make).join(separator);
  }
}

// RFC 3986 appendix B: scheme, authority, path, query, fragment of any string.
const RFC3986 = /^(?:([^:/?#]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

class UrlMutator {
  private readonly r: Random;
  constructor(
    seed: number,
    private readonly realUrls: readonly string[],
  ) {
    this.r = new Random(mulberry32(seed));
  }

  /** One case: an input, with a base for some of them. */
  next(): DiffCase {
    const r = this.r;
    const kind = r.int(20);
    const input =
      kind < 7
        ? this.mutated(r.pick(this.realUrls))
        : kind < 12
          ? this.absolute()
          : kind < 14
            ? this.fileUrl()
            : kind < 16
              ? this.opaque()
              : this.relative();
    const base = kind >= 16 || r.chance(0.15) ? r.pick(BASES) : undefined;
    return base === undefined ? { input } : { input, base };
  }

  private scheme(): string {
    const r = this.r;
    return r.pick(r.chance(0.6) ? SPECIAL_SCHEMES : r.chance(0.75) ? OTHER_SCHEMES : BAD_SCHEMES);
  }

  private host(): string {
    const r = this.r;
    switch (r.int(7)) {
      case 0:
      case 1:
        return this.ipv4();
      case 2:
        return this.ipv6();
      case 3:
        return "";
      default:
        return r.join(1, 4, () => r.pick(LABELS), r.pick(DOTS)) + (r.chance(0.1) ? "." : "");
    }
  }

  /** 1 to 5 parts in decimal, hex or octal; some out of range, some not numbers at all. */
  private ipv4(): string {
    const r = this.r;
    const part = () => {
      const n = r.chance(0.8) ? r.int(256) : r.int(2 ** 33);
      switch (r.int(6)) {
        case 0:
          return `0x${n.toString(16)}`;
        case 1:
          return `0${n.toString(8)}`;
        case 2:
          return r.pick(["0x", "0X1F", "08", "09", "0xg", "", "1e2", "00", "4294967296", "0xffffffff"]);
        default:
          return String(n);
      }
    };
    return r.join(1, 5, part, ".") + (r.chance(0.1) ? "." : "");
  }

  /** A bracketed IPv6 address: groups with a compressed run and an embedded IPv4 sometimes, or a known odd one. */
  private ipv6(): string {
    const r = this.r;
    let body: string;
    if (r.chance(0.4)) {
      body = r.pick(IPV6);
    } else {
      const groups = Array.from({ length: 8 }, () =>
        r
          .int(0x10000)
          .toString(16)
          .slice(0, 1 + r.int(4)),
      );
      if (r.chance(0.3)) groups.splice(6, 2, this.ipv4());
      if (r.chance(0.6)) {
        const start = r.int(groups.length);
        groups.splice(start, 1 + r.int(groups.length - start), ""); // the run that "::" stands for
      }
      body = groups.join(":").replace(/^:|:$/, "::") || "::";
    }
    return r.chance(0.9) ? `[${body}]` : r.pick([`[${body}`, `${body}]`, `[[${body}]]`, body]);
  }

  private path(): string {
    const r = this.r;
    return r.join(0, 5, () => r.pick(PATH_SEPARATORS) + r.pick(SEGMENTS));
  }

  private queryAndFragment(): string {
    const r = this.r;
    return (r.chance(0.3) ? `?${r.pick(QUERIES)}` : "") + (r.chance(0.3) ? `#${r.pick(FRAGMENTS)}` : "");
  }

  /** Leading and trailing spaces and controls, sometimes. */
  private padded(input: string): string {
    const r = this.r;
    return r.chance(0.15) ? r.pick(SPACES) + input + r.pick(SPACES) : input;
  }

  private authority(): string {
    const r = this.r;
    return r.pick(USERINFO) + this.host() + r.pick(PORTS);
  }

  private absolute(): string {
    const r = this.r;
    return this.padded(this.scheme() + r.pick(AFTER_SCHEME) + this.authority() + this.path() + this.queryAndFragment());
  }

  private fileUrl(): string {
    const r = this.r;
    return this.padded(
      r.pick(["file:", "FILE:", "file:"]) +
        r.pick(FILE_STARTS) +
        r.pick(DRIVES) +
        this.path() +
        this.queryAndFragment(),
    );
  }

  private opaque(): string {
    const r = this.r;
    return this.padded(
      `${r.pick(OPAQUE_SCHEMES)}:${r.pick(OPAQUE_BODIES)}${r.chance(0.3) ? "  " : ""}${this.queryAndFragment()}`,
    );
  }

  private relative(): string {
    const r = this.r;
    switch (r.int(4)) {
      case 0:
        return this.padded(r.pick(RELATIVE) + this.path() + this.queryAndFragment());
      case 1:
        return this.padded(`${r.pick(["//", "\\\\", "/\\", "///"])}${this.authority()}${this.path()}`);
      case 2:
        return this.padded(r.join(1, 4, () => r.pick(SEGMENTS), r.pick(PATH_SEPARATORS)) + this.queryAndFragment());
      default:
        return this.mutated(r.pick(RELATIVE) + this.path() + this.queryAndFragment());
    }
  }

  /** A string with one to three edits: pieces inserted, spans deleted or replaced, components regenerated. */
  private mutated(url: string): string {
    const r = this.r;
    let s = url;
    for (let edits = 1 + r.int(3); edits > 0; edits--) {
      const at = r.int(s.length + 1);
      const end = Math.min(s.length, at + 1 + r.int(5));
      switch (r.int(6)) {
        case 0:
          s = s.slice(0, at) + r.pick(DANGER) + s.slice(at);
          break;
        case 1:
          s = s.slice(0, at) + r.pick(DANGER) + s.slice(end);
          break;
        case 2:
          s = s.slice(0, at) + s.slice(end);
          break;
        case 3:
          s = s.slice(0, at) + s.slice(at, end).toUpperCase() + s.slice(end);
          break;
        default:
          s = this.regenerated(s);
          break;
      }
    }
    return this.padded(s);
  }

  /** The string with one of its RFC 3986 components replaced by a generated one. */
  private regenerated(url: string): string {
    const r = this.r;
    const [, scheme, authority, path, query, fragment] = RFC3986.exec(url)!; // matches every string
    const parts = [
      scheme === undefined ? "" : `${scheme}:`,
      authority === undefined ? "" : `//${authority}`,
      path,
      query === undefined ? "" : `?${query}`,
      fragment === undefined ? "" : `#${fragment}`,
    ];
    const replacements = [
      () => this.scheme() + ":",
      () => r.pick(["//", "\\\\", "/", "///", ""]) + this.authority(),
      () => this.path(),
      () => `?${r.pick(QUERIES)}`,
      () => `#${r.pick(FRAGMENTS)}`,
    ];
    const which = r.int(parts.length);
    parts[which] = replacements[which]();
    return parts.join("");
  }
}

/** `count` cases from `seed`, built around the real URLs given. */
export function mutationCases(count: number, seed: number, realUrls: readonly string[]): DiffCase[] {
  const mutator = new UrlMutator(seed, realUrls);
  return Array.from({ length: count }, () => mutator.next());
}
