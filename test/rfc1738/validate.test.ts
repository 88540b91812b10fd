// validate() (docs/api.md section 5): strict RFC 1738, every diagnostic code, with
// UTF-16 indices.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

type Api = (typeof builds)[number][1];

/** [index, code] of each diagnostic, for compact expectations. */
function codes(api: Api, input: string): [number, string][] {
  return api.validate(input).map((d) => [d.index, d.code]);
}

/** URLs quoted in RFC 1738 and RFC 1630 that follow RFC 1738 section 5. */
const VALID = [
  "ftp://@host.com/",
  "ftp://host.com/",
  "ftp://foo:@host.com/",
  "ftp://myname@host.dom/%2Fetc/motd",
  "ftp://myname@host.dom//etc/motd",
  "ftp://info.cern.ch/pub/www/doc;type=d",
  "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
  "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
  "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
  "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
  "http://ds.internic.net/instructions/overview.html#WARNING",
  "http://www.my.work.com",
  "http://info.cern.ch:8000/imaginary/test",
  "http://www.myu.edu/org/admin/people#andy",
  "http://info.my.org/AboutUs/Index/Phonebook?dobbins",
  "http://www.library.my.town.va.us/Catalogue/76523471236%2Fwen44--4.98",
  "http://www.my.org/462F4F2D4241522A314159265358979323846",
  "news:*",
  "news:comp.infosystems.www.misc",
  "file://vms.host.edu/disk$user/my/notes/note12345.txt",
  "prospero://host.dom//pros/name",
  "gopher://gopher.example.org/0item%09%09!+ABSTRACT%20+SMELL",
  "mailto:user%25gateway@example.com",
  "nntp://news.example.com/comp.infosystems.www/1234",
  "telnet://user:secret@host.example.com:2323/",
  "wais://quake.think.com/directory-of-servers?cmu",
  "urn:/iana/dns/ch/cern/cn/techdoc/94/1642-3",
  "HTTP://EXAMPLE.COM/",
  "x-experimental+1.0://192.0.2.1:8080/a",
];

describe.each(builds)("validate (%s)", (_name, api) => {
  it("finds nothing in the RFCs' own example URLs", () => {
    for (const url of VALID) expect(api.validate(url), url).toEqual([]);
  });

  it('invalid-escape: RFC 1630 Example 3, "no decoding defined for "%*" or "%as""', () => {
    expect(codes(api, "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred")).toEqual([[36, "invalid-escape"]]);
    expect(codes(api, "news:12345667123%asdghfh@info.cern.ch")).toEqual([[16, "invalid-escape"]]);
    // RFC 1630's own search example breaks the rule ("%%3D"):
    expect(codes(api, "http://info.cern.ch/RDB/EMP?*%20where%20name%%3Ddobbins")).toEqual([[44, "invalid-escape"]]);
    expect(codes(api, "http://a/%4")).toEqual([[9, "invalid-escape"]]);
    expect(codes(api, "http://a/%")).toEqual([[9, "invalid-escape"]]);
  });

  it("unsafe-character: every character RFC 1738 section 2.2 says must be encoded", () => {
    for (const ch of [
      "<",
      ">",
      '"',
      "{",
      "}",
      "|",
      "\\",
      "^",
      "~",
      "[",
      "]",
      "`",
      " ",
      "\t",
      "\n",
      "\x00",
      "\x1f",
      "\x7f",
      "é",
      "\u{1F600}",
    ]) {
      const diagnostics = api.validate(`http://a/x${ch}y`);
      expect(
        diagnostics.map((d) => [d.index, d.code]),
        JSON.stringify(ch),
      ).toEqual([[10, "unsafe-character"]]);
      expect(diagnostics[0].message).toMatch(/must be encoded as "(%[0-9A-F]{2})+"/);
    }
  });

  it("unsafe-character: a second '#'", () => {
    expect(codes(api, "http://a/b#c#d")).toEqual([[12, "unsafe-character"]]);
    expect(codes(api, "http://a/b#c")).toEqual([]);
  });

  it("reports UTF-16 indices, one per code point", () => {
    expect(codes(api, "http://a/\u{1F600}~")).toEqual([
      [9, "unsafe-character"],
      [11, "unsafe-character"],
    ]);
    expect(codes(api, "http://a/éé%x")).toEqual([
      [9, "unsafe-character"],
      [10, "unsafe-character"],
      [11, "invalid-escape"],
    ]);
    expect(codes(api, "ftp://é/f;type=q")).toEqual([
      [6, "invalid-host"],
      [6, "unsafe-character"],
      [15, "scheme-syntax"],
    ]);
  });

  it('invalid-scheme: missing, empty, or outside scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]', () => {
    expect(codes(api, "www.example.com")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, "//host/path")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, "/a:b")).toEqual([[0, "invalid-scheme"]]); // the colon must come before any slash
    expect(codes(api, "")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, ":foo")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, "ht_tp://a/")).toEqual([[2, "invalid-scheme"]]);
    expect(codes(api, "ht!tp:x")).toEqual([[2, "invalid-scheme"]]);
    // Not valid: RFC 1630 and the 1994 draft say "scheme ialpha", "ialpha
    // alpha [ xalphas ]", and split() and resolve() take no digit-first scheme.
    expect(codes(api, "3com:anything")).toEqual([[0, "invalid-scheme"]]);
  });

  it("invalid-host: the hostname / hostnumber BNF of section 5", () => {
    expect(codes(api, "http://a..b/")).toEqual([[9, "invalid-host"]]);
    expect(codes(api, "http://.a/")).toEqual([[7, "invalid-host"]]);
    expect(codes(api, "http://a.com./")).toEqual([[12, "invalid-host"]]);
    expect(codes(api, "http://-a.com/")).toEqual([[7, "invalid-host"]]);
    expect(codes(api, "http://a-.com/")).toEqual([[8, "invalid-host"]]);
    expect(codes(api, "http://exa_mple.com/")).toEqual([[10, "invalid-host"]]);
    // "The rightmost domain label will never start with a digit"
    expect(codes(api, "http://a.1com/")).toEqual([[9, "invalid-host"]]);
    expect(codes(api, "http://1.2.3/")).toEqual([[11, "invalid-host"]]);
    expect(codes(api, "http://1.2.3.4.5/")).toEqual([[15, "invalid-host"]]);
    expect(codes(api, "http://1.2.3.4/")).toEqual([]);
    expect(codes(api, "http://a-b.c-d.e/")).toEqual([]);
    // "//" with no host
    expect(codes(api, "http:///path")).toEqual([[7, "invalid-host"]]);
    expect(codes(api, "http://:80/")).toEqual([[7, "invalid-host"]]);
    expect(codes(api, "file:///path")).toEqual([]); // file alone may have an empty host
    // mailto and news have no authority: "//" is data there.
    expect(codes(api, "mailto://x_y")).toEqual([]);
    expect(codes(api, "news://x_y:z")).toEqual([[5, "scheme-syntax"]]);
    // news article = ... "@" host
    expect(codes(api, "news:123@bad_host")).toEqual([[12, "invalid-host"]]);
    expect(codes(api, "news:123@")).toEqual([[9, "invalid-host"]]);
  });

  it("invalid-port: port = digits", () => {
    expect(codes(api, "http://a.com:8o/")).toEqual([[14, "invalid-port"]]);
    expect(codes(api, "http://a.com:/")).toEqual([[13, "invalid-port"]]);
    expect(codes(api, "http://a.com:-1/")).toEqual([[13, "invalid-port"]]);
  });

  it("scheme-syntax: each scheme's rules in section 5", () => {
    const cases: [string, number][] = [
      ["ftp://h/f;type=x", 15], // "<typecode> is one of the characters "a", "i", or "d""
      ["ftp://h/f;x", 9],
      ["ftp://a:b:c@h/", 9], // "any ":", "@", or "/" must be encoded"
      ["ftp:h", 4],
      ["http:g", 5],
      ["http://u@h/", 7], // "No user name or password is allowed."
      ["http://h?q", 8],
      ["http://h/p?a/b", 12],
      ["gopher://u@h/", 9],
      ["mailto:", 7],
      ["mailto:a@b?subject", 11],
      ["news:", 5],
      ["news:1x", 5],
      ["news:a,b", 6],
      ["nntp://h/g/12a", 13], // an article number that is not digits
      ["nntp://h", 8],
      ["telnet://h/x", 11],
      ["wais://h/db/t", 13],
      ["wais://h/d;b", 10],
      ["file://h", 8],
      ["file://h:1/x", 8],
      ["prospero://h/x;y", 15],
    ];
    for (const [url, index] of cases) {
      const diagnostics = api.validate(url);
      expect(
        diagnostics.map((d) => [d.index, d.code]),
        url,
      ).toEqual([[index, "scheme-syntax"]]);
      expect(diagnostics[0].message, url).toMatch(/RFC (1738|6068)/);
    }
  });

  it("lists several problems in input order", () => {
    expect(codes(api, "ht tp://a_b:x/%zz~ é##")).toEqual([
      [2, "invalid-scheme"],
      [2, "unsafe-character"],
      [9, "invalid-host"],
      [12, "invalid-port"],
      [14, "invalid-escape"],
      [17, "unsafe-character"],
      [18, "unsafe-character"],
      [19, "unsafe-character"],
      [21, "unsafe-character"],
    ]);
  });

  it("throws a TypeError for a non-string", () => {
    expect(() => api.validate({} as unknown as string)).toThrow(TypeError);
  });
});

/** Characters that exercise every branch: reserved, unsafe, escapes, non-ASCII. */
const URLISH = fc.string({
  unit: fc.constantFrom(
    ..."aZ09-._~:/?#[]@!$&'()*+,;=% <>\"{}|\\^`é\u{1F600}\t".split(/(?:)/u),
    "%2F",
    "%zz",
    "//",
    "http://",
    "ftp://",
    "news:",
    "mailto:",
    ";type=",
  ),
  maxLength: 40,
});

/** URLs shaped like the common Internet scheme syntax, with pieces that are right or almost right. */
const piece = (...units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength: 6 });
const COMMON = fc
  .tuple(
    fc.constantFrom("ftp", "http", "https", "gopher", "nntp", "telnet", "wais", "file", "prospero", "x-new"),
    fc.option(fc.tuple(piece("u", "%40", ";", "@", ":", "?"), fc.option(piece("p", "", ":", "&")))),
    fc.constantFrom("h", "a.b", "a-b.c", "192.0.2.1", "1.2.3", "a..b", "-a", "exa_mple", "", "localhost", "3com.com"),
    fc.option(fc.constantFrom("", "80", "8o", "021")),
    fc.array(
      piece("a", "Z", "0", "-", ".", "%2F", "%09", "%zz", ";", ":", "@", "&", "=", "?", "~", "type=", "+", "*"),
      { maxLength: 4 },
    ),
    fc.option(fc.constantFrom("", "a", "#b")),
  )
  .map(([scheme, login, host, port, segments, fragment]) => {
    const userinfo = login === null ? "" : `${login[0]}${login[1] === null ? "" : ":" + login[1]}@`;
    const path = segments.length === 0 ? "" : "/" + segments.join("/");
    return `${scheme}://${userinfo}${host}${port === null ? "" : ":" + port}${path}${fragment === null ? "" : "#" + fragment}`;
  });

describe("validate and schemeParts agree, in every build", () => {
  it("schemeParts is not null exactly when the scheme is known and validate finds nothing", () => {
    const known = new Set([
      "ftp",
      "http",
      "https",
      "gopher",
      "mailto",
      "news",
      "nntp",
      "telnet",
      "wais",
      "file",
      "prospero",
    ]);
    fc.assert(
      fc.property(
        fc.oneof(
          COMMON,
          fc.tuple(fc.constantFrom(...known), URLISH).map(([scheme, rest]) => `${scheme}:${rest}`),
        ),
        (url) => {
          const isKnown = known.has(url.slice(0, url.indexOf(":")));
          for (const [, api] of builds) {
            expect(api.schemeParts(url) !== null, url).toBe(isKnown && api.validate(url).length === 0);
          }
        },
      ),
      { numRuns: randomCases(1500) },
    );
  });

  it("gives the same diagnostics and parts in the three builds", () => {
    fc.assert(
      fc.property(fc.oneof(COMMON, URLISH), (url) => {
        const [first, ...rest] = builds.map(([, api]) => JSON.stringify([api.validate(url), api.schemeParts(url)]));
        for (const other of rest) expect(other, url).toBe(first);
      }),
      { numRuns: randomCases(1500) },
    );
  });
});
