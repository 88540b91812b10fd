// Issue #18: the RFC 1738 / RFC 1630 layer against the texts it implements
// (RFC 1630, RFC 1738, draft-ietf-uri-url-03 of March 1994). Each table row
// quotes the rule it checks; the reproductions are regression rows.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";

type Api = (typeof builds)[number][1];

/** [index, code] of each diagnostic. */
function codes(api: Api, input: string): [number, string][] {
  return api.validate(input).map((d) => [d.index, d.code]);
}

describe.each(builds)('1. "?" in an RFC 1738 user name or password (%s)', (_name, api) => {
  // RFC 1738 section 5: user = *[ uchar | ";" | "?" | "&" | "=" ], password likewise;
  // section 3.1: "Within the user and password field, any ":", "@", or "/" must be encoded."
  const cases: [string, object][] = [
    ["ftp://a?b@h.example/x", { scheme: "ftp", user: "a?b", host: "h.example", cwd: [], name: "x" }], // issue #18
    ["telnet://a?b@h.example", { scheme: "telnet", user: "a?b", host: "h.example", port: 23 }], // issue #18
    ["telnet://u:a;b?c&d=e@h.example/", { user: "u", password: "a;b?c&d=e", host: "h.example" }], // issue #18
    ["ftp://u?:p?@h/", { user: "u?", password: "p?", host: "h" }],
    ["ftp://a%3Fb@h/", { user: "a?b" }],
  ];
  it.each(cases)("schemeParts(%j)", (url, parts) => {
    expect(api.schemeParts(url)).toMatchObject(parts);
    expect(api.validate(url)).toEqual([]);
  });

  it('still ends the host at "?" when no "@" follows it', () => {
    // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]: the "/" comes first.
    expect(codes(api, "http://h?x")).toEqual([[8, "scheme-syntax"]]);
    // "@" is reserved in the login: a "?" then "@" in http is a login, which http has none of.
    expect(codes(api, "http://a?b@h/")).toEqual([[7, "scheme-syntax"]]);
    // The "/" ends the login: the "@" after it is in the path.
    expect(api.schemeParts("ftp://h?x/a@b")).toBeNull();
  });
});

describe.each(builds)("2. equivalence RFC 1630 and RFC 1738 state outright (%s)", (_name, api) => {
  const same: [string, string, string][] = [
    // RFC 1630, "Fragment-id": "A void fragment-id with or without the hash sign
    // means that the URL refers to the whole object".
    ["http://h/a#", "http://h/a", "RFC 1630 void fragment-id"], // issue #18
    ["ftp://h/a#", "ftp://h/a", "RFC 1630 void fragment-id"],
    // RFC 1630, "file": "A void host field is equivalent to "localhost"."
    ["file:///etc/motd", "file://localhost/etc/motd", "RFC 1630 file"], // issue #18
    ["file:///etc/motd", "FILE://LOCALHOST/etc/motd", "RFC 1630 file; RFC 1738 2.1 case"],
    // RFC 1630: "Before two URIs can be compared, it is therefore necessary to
    // bring them to the same encoding level"; "a URI may be made "safer" simply
    // by encoding any characters considered unsafe".
    ["http://h/my%20file", "http://h/my file", "RFC 1630 encoding level"], // issue #18
    ["http://h/a%7Bb%7D", "http://h/a{b}", "RFC 1630 encoding level"], // issue #18
    ["http://h/a%3cb%3E", "http://h/a<b>", "RFC 1630 encoding level, RFC 1738 2.2 unsafe"],
    ["http://h/%C3%A9", "http://h/\u00e9", "RFC 1738 2.2: octets 80-FF must be encoded"],
    ["http://h/a#b%23c", "http://h/a#b#c", 'RFC 1738 2.2: a second "#" is unsafe'],
    // RFC 1738 section 3.8: telneturl = "telnet://" login [ "/" ]; "The final "/" may be omitted."
    ["telnet://h", "telnet://h/", "RFC 1738 3.8"], // issue #18
    ["rlogin://h", "rlogin://h/", "draft: TELNET, RLOGIN, TN3270"],
    // RFC 1738 section 3.4.1: "The entire <gopher-path> may also be empty, in
    // which case the delimiting "/" is also optional and the <gophertype>
    // defaults to "1"."
    ["gopher://h", "gopher://h/", "RFC 1738 3.4.1"], // issue #18
    ["gopher://h", "gopher://h/1", "RFC 1738 3.4.1"], // issue #18
    ["gopher://h/", "gopher://h:70/1", "RFC 1738 3.4.1, 3.4"],
    // Default ports of RFC 1738 section 3 and the draft's schemes.
    ["wais://h:210/db", "wais://h/db", "RFC 1738 3.9: The default port is 210"],
    ["prospero://h:1525/x", "prospero://h/x", "RFC 1738 3.11: default port is 1525"],
    ["tn3270://h:23", "tn3270://h", "draft: TELNET, RLOGIN, TN3270"],
    ["rlogin://h:513/", "rlogin://h", "draft: TELNET, RLOGIN, TN3270"],
  ];
  it.each(same)("%s = %s (%s)", (a, b) => {
    expect(api.equivalent(a, b)).toBe(true);
    expect(api.equivalent(b, a)).toBe(true);
  });

  const apart: [string, string, string][] = [
    // "the reserved characters mentioned above have a different significance
    // when encoded, and so may NEVER be encoded and unencoded in this way."
    ["http://h/a%2Fb", "http://h/a/b", "RFC 1630 Example 2"],
    ["http://h/a%3Fb", "http://h/a?b", "RFC 1630 reserved"],
    ["http://h/a%25", "http://h/a%", "RFC 1630: a % intended as such must always be encoded"],
    ["http://h/a#x", "http://h/a", "a fragment that is not void"],
    ["file://otherhost/etc/motd", "file:///etc/motd", "RFC 1738 3.10: another host"],
    ["telnet://h/", "telnet://h//", 'RFC 1738 3.8: one final "/"'],
    ["gopher://h/0", "gopher://h/", "RFC 1738 3.4.1: gophertype 0 is not the default 1"],
    ["foo://h", "foo://h/", "no rule of a scheme"],
  ];
  it.each(apart)("%s != %s (%s)", (a, b) => {
    expect(api.equivalent(a, b)).toBe(false);
  });
});

describe.each(builds)("3. numbers stay exact or are rejected (%s)", (_name, api) => {
  // RFC 1738 section 3.1: "<port> The port number to connect to." port = digits;
  // TCP ports are 16 bits (RFC 793 section 3.1).
  const ports: [string, [number, string][]][] = [
    ["http://h:123456789012345678901/", [[9, "invalid-port"]]], // issue #18
    ["http://h:65536/", [[9, "invalid-port"]]],
    ["ftp://u@h:99999/", [[10, "invalid-port"]]],
    ["http://h:65535/", []],
    ["http://h:0/", []],
    ["http://h:00000000000000000080/", []],
  ];
  it.each(ports)("validate(%j)", (url, expected) => {
    expect(codes(api, url)).toEqual(expected);
  });

  it("gives a port as its exact number, or no parts", () => {
    expect(api.schemeParts("http://h:123456789012345678901/")).toBeNull(); // issue #18: was 123456789012345680000
    expect(api.schemeParts("http://h:00000000000000000080/")).toMatchObject({ port: 80 });
    expect(api.schemeParts("gopher://h:65535/")).toMatchObject({ port: 65535 });
  });

  it("gives an nntp article number exactly, or a diagnostic naming its index", () => {
    // RFC 1738 section 5: nntpurl = "nntp://" hostport "/" group [ "/" digits ]
    expect(api.schemeParts("nntp://h/g/99999999999999999999")).toBeNull(); // issue #18: was 1e20
    expect(codes(api, "nntp://h/g/99999999999999999999")).toEqual([[11, "scheme-syntax"]]);
    expect(api.validate("nntp://h/g/99999999999999999999")[0].message).toMatch(/99999999999999999999/);
    expect(api.schemeParts("nntp://h/g/9007199254740991")).toMatchObject({ article: 9007199254740991 });
    expect(api.schemeParts("nntp://h/g/0001")).toMatchObject({ article: 1 });
  });
});

describe.each(builds)("4. canonicalize drops RFC 1738's default ports (%s)", (_name, api) => {
  // RFC 1738 section 3: gopher 70 (3.4), nntp 119 (3.7), telnet 23 (3.8),
  // wais 210 (3.9), prospero 1525 (3.11); the draft's rlogin and tn3270.
  const cases: [string, string][] = [
    ["gopher://h:70/1", "gopher://h/1"], // issue #18
    ["wais://h:210/db", "wais://h/db"], // issue #18
    ["telnet://h:23/", "telnet://h/"], // issue #18
    ["nntp://h:119/g/1", "nntp://h/g/1"], // issue #18
    ["prospero://h:1525/x", "prospero://h/x"], // issue #18
    ["rlogin://h:513/", "rlogin://h/"],
    ["tn3270://h:23/", "tn3270://h/"],
    ["gopher://h:7070/1", "gopher://h:7070/1"],
    ["telnet://h:2323/", "telnet://h:2323/"],
    ["foo://h:70/", "foo://h:70/"],
  ];
  it.each(cases)("canonicalize(%j) = %j", (url, canonical) => {
    expect(api.canonicalize(url)).toBe(canonical);
    expect(api.canonicalize(canonical)).toBe(canonical);
  });
});

describe.each(builds)("5. one rule for a scheme: a letter first (%s)", (_name, api) => {
  // RFC 1630 and the 1994 draft: "scheme ialpha", "ialpha alpha [ xalphas ]".
  it("reports a digit-first scheme as invalid-scheme, as split and resolve see no scheme", () => {
    expect(codes(api, "3com://h/a")).toEqual([[0, "invalid-scheme"]]); // issue #18
    expect(api.validate("3com://h/a")[0].message).toMatch(/starts with a letter/);
    expect(api.split("3com://h/a").scheme).toBeNull();
    expect(() => api.resolve("x", "3com://h/a")).toThrow(TypeError); // issue #18
    expect(codes(api, "+a:b")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, ".a:b")).toEqual([[0, "invalid-scheme"]]);
    expect(codes(api, "a3:b")).toEqual([]);
    expect(api.extractUrls("<URL:3com://h/a>")).toEqual([]);
  });
});

describe.each(builds)("6. CR and LF in a gopher selector (%s)", (_name, api) => {
  // RFC 1738 section 6: "An example has been the use of gopher URLs to cause a
  // rude message to be sent via a SMTP server"; "Care should be taken when URLs
  // contain embedded encoded delimiters for a given protocol (for example, CR
  // and LF characters for telnet protocols)".
  const cases: [string, number][] = [
    ["gopher://h:25/0a%0D%0AHELO%20x", 16], // issue #18
    ["gopher://h/0a%0ax", 13],
    ["gopher://h/7a%09b%0Dc", 17],
    ["gopher://h/%0Da", 11],
  ];
  it.each(cases)("validate(%j) reports unsafe-selector at %i", (url, index) => {
    expect(codes(api, url)).toEqual([[index, "unsafe-selector"]]);
    expect(api.validate(url)[0].message).toMatch(/RFC 1738 section 6/);
  });

  it("lets the gopher+ string hold them: section 3.4.9's electronic form", () => {
    // "+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A<ask_item2_value>%0D%0A.%0D%0A"
    expect(api.validate("gopher://h/1form%09%09+%091%0D%0A+-1%0D%0Aone%0D%0A.%0D%0A")).toEqual([]);
  });

  it("gives no parts, or with lenient the parts and a note saying so", () => {
    expect(api.schemeParts("gopher://h:25/0a%0D%0AHELO%20x")).toBeNull();
    const parts = api.schemeParts("gopher://h:25/0a%0D%0AHELO%20x", { lenient: true });
    expect(parts).toMatchObject({ type: "0", selector: "a\r\nHELO x" });
    expect(parts?.notes?.[0]).toMatch(/CR or LF.*section 6/);
    expect(api.schemeParts("gopher://h/0a%09b", { lenient: true })?.notes).toBeUndefined();
  });
});

describe.each(builds)("7. line breaks inside <URL:...>, scheme included (%s)", (_name, api) => {
  // RFC 1738 appendix: "extra whitespace (spaces, linebreaks, tabs, etc.) may
  // need to be added to break long URLs across lines. The whitespace should be
  // ignored when extracting the URL."
  const cases: [string, string][] = [
    ["<URL:ht\ntp://a.example/x>", "http://a.example/x"], // issue #18
    ["<URL:ht\r\n   tp://a.example/x>", "http://a.example/x"],
    ["<URL:http\n://a.example/x>", "http://a.example/x"],
    ["<URL:\n g\nopher://h/1>", "gopher://h/1"],
  ];
  it.each(cases)("extractUrls(%j)", (text, url) => {
    expect(api.extractUrls(text)).toEqual([{ url, index: 0, end: text.length, wrapped: true }]);
  });

  it("still needs a line break in each run of whitespace", () => {
    expect(api.extractUrls("<URL:ht tp://a.example/x>")).toEqual([]);
    // Without "URL:" the scheme is a known one, spelled in one piece.
    expect(api.extractUrls("<ht\ntp://a.example/x>")).toEqual([]);
  });
});

describe.each(builds)('8. the "URL:" prefix (%s)', (_name, api) => {
  // The 1994 draft, "PrePrefix": "the whole string must start with a constant
  // prefix "URL:""; prefixedurl = u r l : url. RFC 1738's appendix writes every
  // URL in context with it.
  it("validate reads the URL after it, with indices into the input", () => {
    expect(codes(api, "URL:ftp://h/a;type=q")).toEqual([[19, "scheme-syntax"]]); // issue #18
    expect(codes(api, "URL:http://h/a b")).toEqual([[14, "unsafe-character"]]);
    expect(api.validate("URL:ftp://ftp.is.co.za/rfc/rfc1808.txt")).toEqual([]);
    expect(api.validate("url:news:comp.infosystems.www.misc")).toEqual([]);
  });

  it("schemeParts strips it and says so", () => {
    expect(api.schemeParts("URL:ftp://h/a;type=d")).toMatchObject({
      scheme: "ftp",
      name: "a",
      typecode: "d",
      prefixed: true,
    });
    expect(api.schemeParts("ftp://h/a")).not.toHaveProperty("prefixed");
  });

  it("split, resolve, equivalent and canonicalize strip it", () => {
    expect(api.split("URL:ftp://h/a").toJSON()).toMatchObject({ scheme: "ftp", host: "h", path: "/a" });
    expect(api.resolve("g", "URL:http://a/b/c")).toBe("http://a/b/g");
    expect(api.resolve("URL:http://x/y", "http://a/b")).toBe("http://x/y");
    expect(api.equivalent("URL:http://h/a", "http://h/a")).toBe(true);
    expect(api.canonicalize("URL:http://H/a")).toBe("http://h/a");
  });

  it("is only a prefix when a scheme follows it", () => {
    expect(api.split("URL:foo").scheme).toBe("URL");
    expect(api.split("URL://h/").scheme).toBe("URL");
    // No scheme after it: "URL" is the scheme, and "3com:x" its scheme-specific part.
    expect(codes(api, "URL:3com:x")).toEqual([]);
    expect(api.split("URL:3com:x").scheme).toBe("URL");
  });
});

describe.each(builds)("9. the 1994 draft's schemes (%s)", (_name, api) => {
  it("reads mid: and cid: (midaddress = m i d : addr-spec; cidaddress = c i d : content-identifier)", () => {
    expect(api.schemeParts("mid:960830.1639@XIson.com")).toEqual({ scheme: "mid", messageId: "960830.1639@XIson.com" });
    expect(api.schemeParts("cid:foo4%25foo1@bar.net")).toEqual({ scheme: "cid", contentId: "foo4%foo1@bar.net" });
    expect(api.schemeParts("URL:mid:a@b")).toMatchObject({ scheme: "mid", prefixed: true });
    for (const url of ["mid:", "mid:abc", "mid:@b", "cid:a@", "mid:a/b@c"]) {
      expect(api.schemeParts(url), url).toBeNull();
      expect(
        codes(api, url).map(([, code]) => code),
        url,
      ).toEqual(["scheme-syntax"]);
    }
  });

  it('reads rlogin and tn3270 as telnet ("TELNET, RLOGIN, TN3270")', () => {
    expect(api.schemeParts("rlogin://joe@h.example/")).toEqual({
      scheme: "rlogin",
      user: "joe",
      password: null,
      host: "h.example",
      port: 513,
    });
    expect(api.schemeParts("tn3270://h.example:2023")).toEqual({
      scheme: "tn3270",
      user: null,
      password: null,
      host: "h.example",
      port: 2023,
    });
    expect(api.schemeParts("tn3270://h/x")).toBeNull();
    expect(codes(api, "rlogin://h/x")).toEqual([[11, "scheme-syntax"]]);
  });

  it("gives their default ports", () => {
    expect(api.defaultPort("rlogin")).toBe(513);
    expect(api.defaultPort("TN3270")).toBe(23);
    expect(api.defaultPort("mid")).toBeNull();
    expect(api.defaultPort("cid")).toBeNull();
    expect(api.defaultPort("afs")).toBeNull();
  });

  it("reads afs://cellname/path, noted as historical", () => {
    // "The "afsaddress" is left in as historical note, but is not a url production"
    const parts = api.schemeParts("afs://transarc.com/public/README%20me");
    expect(parts).toMatchObject({
      scheme: "afs",
      cell: "transarc.com",
      path: "/public/README me",
      segments: ["public", "README me"],
    });
    expect(parts?.notes?.[0]).toMatch(/historical/);
    expect(api.validate("afs://transarc.com/public")).toEqual([]);
    expect(codes(api, "afs://c:7000/x")).toEqual([[7, "scheme-syntax"]]);
    expect(codes(api, "afs://c")).toEqual([[7, "scheme-syntax"]]);
    expect(codes(api, "afs://u@c/x")).toEqual([[6, "scheme-syntax"]]);
  });

  it("compares them", () => {
    expect(api.equivalent("MID:a@b", "mid:a@b")).toBe(true);
    expect(api.equivalent("afs://Cell/x", "afs://cell/x")).toBe(true);
  });
});

describe.each(builds)("10. raw parts (%s)", (_name, api) => {
  it("keeps every octet with { raw: true }", () => {
    // Decoded, %E9 and %FF are both invalid UTF-8 and both U+FFFD.
    expect(api.schemeParts("ftp://h/%E9")).toMatchObject({ name: "\uFFFD" });
    expect(api.schemeParts("ftp://h/%FF")).toMatchObject({ name: "\uFFFD" });
    expect(api.schemeParts("ftp://h/%E9", { raw: true })).toMatchObject({ name: "%E9" });
    expect(api.schemeParts("ftp://h/%FF", { raw: true })).toMatchObject({ name: "%FF" });
    expect(api.schemeParts("ftp://u%40x:p%3A@h/d%2Fe/f", { raw: true })).toMatchObject({
      user: "u%40x",
      password: "p%3A",
      cwd: ["d%2Fe"],
      name: "f",
    });
    expect(api.schemeParts("gopher://h/7a%20b%09c%20d", { raw: true })).toMatchObject({
      selector: "a%20b",
      search: "c%20d",
    });
  });

  it("gives file paths as segments, so a%2Fb and a/b stay apart (RFC 1630 Example 2)", () => {
    // RFC 1630 Example 2: "%2F" encodes "/" and "the URIs ... are NOT identical"
    expect(api.schemeParts("file:///a%2Fb")).toMatchObject({ path: "/a/b", segments: ["a/b"] });
    expect(api.schemeParts("file:///a/b")).toMatchObject({ path: "/a/b", segments: ["a", "b"] });
    expect(api.schemeParts("file:///a%2Fb", { raw: true })).toMatchObject({ path: "/a%2Fb", segments: ["a%2Fb"] });
    expect(api.schemeParts("file:///")).toMatchObject({ segments: [""] });
  });
});

describe.each(builds)("11. historical forms as parts, RFC 1738 winning (%s)", (_name, api) => {
  it("reads RFC 1630's ftptype = A formcode | E formcode | I | L digits with lenient; validate reports it", () => {
    const cases: [string, string, string | null][] = [
      ["AN", "AN", "a"],
      ["at", "AT", "a"],
      ["AC", "AC", "a"],
      ["EN", "EN", null],
      ["L8", "L8", null],
      ["l36", "L36", null],
    ];
    for (const [written, ftptype, typecode] of cases) {
      const url = `ftp://h/f;type=${written}`;
      expect(api.schemeParts(url), url).toBeNull();
      const parts = api.schemeParts(url, { lenient: true });
      expect(parts, url).toMatchObject({ name: "f", ftptype, typecode });
      expect(parts?.notes?.[0], url).toMatch(/RFC 1630.*RFC 1738 section 3.2.2/);
      // RFC 1738 section 3.2.2: "the characters "a", "i", or "d""
      expect(codes(api, url), url).toEqual([[15, "scheme-syntax"]]);
    }
    expect(api.schemeParts("ftp://h/f;type=AX", { lenient: true })).toBeNull();
    expect(api.schemeParts("ftp://h/f;type=L", { lenient: true })).toBeNull();
    expect(api.schemeParts("URL:ftp://h/f;type=AN", { lenient: true, raw: true })).toMatchObject({
      ftptype: "AN",
      prefixed: true,
    });
  });

  it('notes the draft\'s "!" ftptype and keeps it in the name, as RFC 1738 reads it', () => {
    // The draft: ftpaddress = f t p : / / login / path [ ! ftptype ]
    const parts = api.schemeParts("ftp://h/pub/file.txt!A");
    expect(parts).toMatchObject({ cwd: ["pub"], name: "file.txt!A", typecode: null, ftptype: "A" });
    expect(parts?.notes?.[0]).toMatch(/1994 draft/);
    expect(api.validate("ftp://h/pub/file.txt!A")).toEqual([]);
    expect(api.schemeParts("ftp://h/wow!")).not.toHaveProperty("notes");
  });

  it("reads the draft's prospero %00 version %00 attributes", () => {
    // The draft: prosperolink = p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]
    const parts = api.schemeParts("prospero://h/pros/name%002%00a1%00a2;k=v");
    expect(parts).toMatchObject({
      hsoname: "pros/name\u00002\u0000a1\u0000a2",
      version: "2",
      attributes: ["a1", "a2"],
      fields: [["k", "v"]],
    });
    expect(parts?.notes?.[0]).toMatch(/RFC 1738 section 3.11/);
    // "the version number must be present, but may be the empty string"
    expect(api.schemeParts("prospero://h/n%00%00attr")).toMatchObject({ version: "", attributes: ["attr"] });
    expect(api.schemeParts("prospero://h/n%001")).toMatchObject({ version: "1", attributes: [] });
    expect(api.validate("prospero://h/n%001")).toEqual([]);
  });

  it("reads the draft's host-less nntp: group / digits with lenient; validate reports it", () => {
    // The draft: nntpaddress = n n t p : group / digits
    expect(api.schemeParts("nntp:comp.infosystems.www/1234")).toBeNull();
    const parts = api.schemeParts("nntp:comp.infosystems.www/1234", { lenient: true });
    expect(parts).toMatchObject({ scheme: "nntp", host: "", port: 119, group: "comp.infosystems.www", article: 1234 });
    expect(parts?.notes?.[0]).toMatch(/no host/);
    // RFC 1738 section 3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>
    expect(codes(api, "nntp:comp.infosystems.www/1234")).toEqual([[5, "scheme-syntax"]]);
    expect(api.schemeParts("nntp:1bad/1", { lenient: true })).toBeNull();
  });

  it('notes the draft\'s gopher "?" search, which RFC 1738 keeps in the selector', () => {
    // The draft: gopheraddress = ... [ / gtype [ selector ] ] [ ? search ]
    const parts = api.schemeParts("gopher://h/7index?word");
    expect(parts).toMatchObject({ type: "7", selector: "index?word", search: null });
    expect(parts?.notes?.[0]).toMatch(/RFC 1738 section 3.4.1/);
  });
});

describe.each(builds)("12. RFC 1630's partial forms with { rfc1630: true } (%s)", (_name, api) => {
  const rfc1630 = { rfc1630: true };
  // RFC 1630, "Partial form", Examples: "In the context of URI magic://a/b/c//d/e/f
  // the partial URIs would expand as follows", "and in the context of the URI
  // magic://a/b/c//d/e/ the results would be exactly the same."
  const examples: [string, string][] = [
    ["g", "magic://a/b/c//d/e/g"],
    ["/g", "magic://a/g"],
    ["//g", "magic://g"],
    ["../g", "magic://a/b/c//d/g"],
    ["g:h", "g:h"],
  ];
  it.each(examples)("%s in the context of magic://a/b/c//d/e/f and magic://a/b/c//d/e/", (partial, full) => {
    expect(api.resolve(partial, "magic://a/b/c//d/e/f", rfc1630)).toBe(full);
    expect(api.resolve(partial, "magic://a/b/c//d/e/", rfc1630)).toBe(full);
  });

  // "If the partial URI starts with a non-zero number of consecutive slashes,
  // then everything from the context URI up to (but not including) the first
  // occurrence of exactly the same number of consecutive slashes ... is taken
  // to be the same and so prepended to the partial URL".
  const slashes: [string, string, string, string][] = [
    ["//g", "magic:a/b//c/d", "magic:a/b//g", "magic://g"], // issue #18
    ["/g", "magic:a/b//c/d", "magic:a/g", "magic:/g"],
    ["///g", "magic://a/b", "magic:///g", "magic:///g"],
    ["//g", "http://a/b//c?q#f", "http://g", "http://g"],
  ];
  it.each(slashes)("%s against %s: %s (RFC 3986: %s)", (partial, context, full, rfc3986) => {
    expect(api.resolve(partial, context, rfc1630)).toBe(full);
    expect(api.resolve(partial, context)).toBe(rfc3986);
  });

  // "Within the result, all occurrences of "xxx/../" or "/." are recursively
  // removed, where xxx, ".." and "." are complete path elements."
  const dots: [string, string, string][] = [
    ["./g", "magic://a/b/c//d/e/f", "magic://a/b/c//d/e/g"],
    ["../../g", "magic://a/b/c//d/e/f", "magic://a/b/c//g"],
    ["../../../g", "magic://a/b/c//d/e/f", "magic://a/b/c//../g"], // the void element of "//" is no xxx
    ["g/.", "magic:a/b", "magic:a/g"],
    ["g/..", "magic:a/b", "magic:a/g/.."], // ".." ends the path: no "/" after it
    ["g?x/../y", "magic:a/b", "magic:a/g?x/../y"],
    ["g", "magic:b", "magic:g"],
    ["#f", "magic:a/b#x", "magic:a/b#f"],
  ];
  it.each(dots)("%s against %s: %s", (partial, context, full) => {
    expect(api.resolve(partial, context, rfc1630)).toBe(full);
  });

  it("still needs a context with a scheme, and takes URL: off", () => {
    expect(() => api.resolve("g", "a/b", rfc1630)).toThrow(TypeError);
    expect(api.resolve("URL:g:h", "magic:a", rfc1630)).toBe("g:h");
    expect(api.resolve("//g", "URL:magic:a/b//c/d", rfc1630)).toBe("magic:a/b//g");
  });
});
