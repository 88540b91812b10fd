import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { mulberry32, randomString } from "../helpers/random";
import { model, parts, recompose, type Parts } from "../helpers/split-model";

// RFC 1738 section 3.1, "Common Internet Scheme Syntax":
//   //<user>:<password>@<host>:<port>/<url-path>
//   "Some or all of the parts "<user>:<password>@", ":<password>", ":<port>",
//   and "/<url-path>" may be excluded."
// split() follows RFC 3986 in keeping the "/" before the url-path in `path`.
const RFC1738_COMMON: [string, Parts][] = [
  [
    "ftp://foo:bar@host.com:21/a/b;type=d?q#frag",
    parts({
      scheme: "ftp",
      user: "foo",
      password: "bar",
      host: "host.com",
      port: "21",
      path: "/a/b;type=d",
      query: "q",
      fragment: "frag",
    }),
  ],
  [
    "ftp://user:password@host.com:2121/url-path",
    parts({ scheme: "ftp", user: "user", password: "password", host: "host.com", port: "2121", path: "/url-path" }),
  ],
  [
    "ftp://user@host.com:2121/url-path",
    parts({ scheme: "ftp", user: "user", host: "host.com", port: "2121", path: "/url-path" }),
  ],
  ["ftp://host.com:2121/url-path", parts({ scheme: "ftp", host: "host.com", port: "2121", path: "/url-path" })],
  [
    "ftp://user:password@host.com/url-path",
    parts({ scheme: "ftp", user: "user", password: "password", host: "host.com", path: "/url-path" }),
  ],
  [
    "ftp://user:password@host.com:2121",
    parts({ scheme: "ftp", user: "user", password: "password", host: "host.com", port: "2121" }),
  ],
  ["ftp://host.com", parts({ scheme: "ftp", host: "host.com" })],
  ["http://192.0.2.16:8080/", parts({ scheme: "http", host: "192.0.2.16", port: "8080", path: "/" })],
  [
    "telnet://joe:secret@host.example:23/",
    parts({ scheme: "telnet", user: "joe", password: "secret", host: "host.example", port: "23", path: "/" }),
  ],
  // "Within the user and password field, any ":", "@", or "/" must be encoded." Nothing is decoded.
  [
    "ftp://us%3Aer:p%40ss%2Fw@host.com/",
    parts({ scheme: "ftp", user: "us%3Aer", password: "p%40ss%2Fw", host: "host.com", path: "/" }),
  ],
  // The password runs from the first ":" of the userinfo to the "@".
  ["ftp://a:b:c@host.com/", parts({ scheme: "ftp", user: "a", password: "b:c", host: "host.com", path: "/" })],
  // "If the port is omitted, the colon is as well": a colon with no digits is kept as an empty port.
  ["http://host.com:/", parts({ scheme: "http", host: "host.com", port: "", path: "/" })],
];

// docs/api.md section 3, exactly (the last three are RFC 1738 section 3.1's own examples).
const API_EXAMPLES: [string, Parts][] = [
  ["http://a@b@c/", parts({ scheme: "http", user: "a@b", host: "c", path: "/" })],
  ["ftp://@host.com/", parts({ scheme: "ftp", user: "", host: "host.com", path: "/" })],
  ["ftp://host.com/", parts({ scheme: "ftp", host: "host.com", path: "/" })],
  ["ftp://foo:@host.com/", parts({ scheme: "ftp", user: "foo", password: "", host: "host.com", path: "/" })],
];

// RFC 3986: Appendix B's example, section 1.1.2's examples and section 3's.
const RFC3986: [string, Parts][] = [
  [
    "http://www.ics.uci.edu/pub/ietf/uri/#Related",
    parts({ scheme: "http", host: "www.ics.uci.edu", path: "/pub/ietf/uri/", fragment: "Related" }),
  ],
  ["ftp://ftp.is.co.za/rfc/rfc1808.txt", parts({ scheme: "ftp", host: "ftp.is.co.za", path: "/rfc/rfc1808.txt" })],
  ["http://www.ietf.org/rfc/rfc2396.txt", parts({ scheme: "http", host: "www.ietf.org", path: "/rfc/rfc2396.txt" })],
  [
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    parts({ scheme: "ldap", host: "[2001:db8::7]", path: "/c=GB", query: "objectClass?one" }),
  ],
  ["mailto:John.Doe@example.com", parts({ scheme: "mailto", path: "John.Doe@example.com" })],
  ["news:comp.infosystems.www.servers.unix", parts({ scheme: "news", path: "comp.infosystems.www.servers.unix" })],
  ["tel:+1-816-555-1212", parts({ scheme: "tel", path: "+1-816-555-1212" })],
  ["telnet://192.0.2.16:80/", parts({ scheme: "telnet", host: "192.0.2.16", port: "80", path: "/" })],
  [
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    parts({ scheme: "urn", path: "oasis:names:specification:docbook:dtd:xml:4.1.2" }),
  ],
  [
    "foo://example.com:8042/over/there?name=ferret#nose",
    parts({
      scheme: "foo",
      host: "example.com",
      port: "8042",
      path: "/over/there",
      query: "name=ferret",
      fragment: "nose",
    }),
  ],
  ["urn:example:animal:ferret:nose", parts({ scheme: "urn", path: "example:animal:ferret:nose" })],
];

// IP-literal hosts (RFC 3986 section 3.2.2): the port follows the "]".
const IPV6: [string, Parts][] = [
  ["http://[::1]/", parts({ scheme: "http", host: "[::1]", path: "/" })],
  ["http://[::1]:8080/", parts({ scheme: "http", host: "[::1]", port: "8080", path: "/" })],
  ["http://[2001:db8::7]", parts({ scheme: "http", host: "[2001:db8::7]" })],
  ["http://[2001:db8::7]:443", parts({ scheme: "http", host: "[2001:db8::7]", port: "443" })],
  ["https://[::1]:/", parts({ scheme: "https", host: "[::1]", port: "", path: "/" })],
  [
    "http://user:pw@[fe80::1%25eth0]:443/p",
    parts({ scheme: "http", user: "user", password: "pw", host: "[fe80::1%25eth0]", port: "443", path: "/p" }),
  ],
  ["http://[::ffff:192.0.2.1]:80?q", parts({ scheme: "http", host: "[::ffff:192.0.2.1]", port: "80", query: "q" })],
  ["http://[v1.fe:ed]/", parts({ scheme: "http", host: "[v1.fe:ed]", path: "/" })],
  ["//[::1]:1", parts({ host: "[::1]", port: "1" })],
];

// Present but empty ('') is not absent (null).
const EMPTY_QUERY_FRAGMENT: [string, Parts][] = [
  ["http://h/p", parts({ scheme: "http", host: "h", path: "/p" })],
  ["http://h/p?", parts({ scheme: "http", host: "h", path: "/p", query: "" })],
  ["http://h/p#", parts({ scheme: "http", host: "h", path: "/p", fragment: "" })],
  ["http://h/p?#", parts({ scheme: "http", host: "h", path: "/p", query: "", fragment: "" })],
  ["http://h?#", parts({ scheme: "http", host: "h", query: "", fragment: "" })],
  ["http://", parts({ scheme: "http", host: "" })],
  ["http:", parts({ scheme: "http" })],
  ["file:///etc/hosts", parts({ scheme: "file", host: "", path: "/etc/hosts" })],
  ["?", parts({ query: "" })],
  ["#", parts({ fragment: "" })],
  // The query ends at the first "#"; "?" inside a fragment and "#" after it are data.
  ["http://h/p#f?g", parts({ scheme: "http", host: "h", path: "/p", fragment: "f?g" })],
  ["http://h/p?q?r#f#g", parts({ scheme: "http", host: "h", path: "/p", query: "q?r", fragment: "f#g" })],
  ["http://h/p?q/r@s:t", parts({ scheme: "http", host: "h", path: "/p", query: "q/r@s:t" })],
  ["http://h#f/g", parts({ scheme: "http", host: "h", fragment: "f/g" })],
];

// Relative references (RFC 3986 section 4.2; the examples of section 5.4.1).
const RELATIVE: [string, Parts][] = [
  ["", parts({})],
  ["g", parts({ path: "g" })],
  ["./g", parts({ path: "./g" })],
  ["/g", parts({ path: "/g" })],
  ["//g", parts({ host: "g" })],
  ["?y", parts({ query: "y" })],
  ["g?y#s", parts({ path: "g", query: "y", fragment: "s" })],
  ["g;x?y#s", parts({ path: "g;x", query: "y", fragment: "s" })],
  ["../../g", parts({ path: "../../g" })],
  ["//user@host:1/p?q#f", parts({ user: "user", host: "host", port: "1", path: "/p", query: "q", fragment: "f" })],
  // "A path segment that contains a colon character ... cannot be used as the
  // first segment of a relative-path reference": "./" makes it one.
  ["./this:that", parts({ path: "./this:that" })],
];

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 section 3.1, RFC 1738 section 2.1).
const SCHEMES: [string, Parts][] = [
  ["1a:b", parts({ path: "1a:b" })],
  ["a b:c", parts({ path: "a b:c" })],
  ["+a:b", parts({ path: "+a:b" })],
  ["-a:b", parts({ path: "-a:b" })],
  [".a:b", parts({ path: ".a:b" })],
  ["a_b:c", parts({ path: "a_b:c" })],
  [":x", parts({ path: ":x" })],
  ["é:x", parts({ path: "é:x" })],
  ["😀:x", parts({ path: "😀:x" })],
  ["a/b:c", parts({ path: "a/b:c" })],
  ["a?b:c", parts({ path: "a", query: "b:c" })],
  ["a+b-c.d9:x", parts({ scheme: "a+b-c.d9", path: "x" })],
  ["a:", parts({ scheme: "a" })],
  ["A1://H/", parts({ scheme: "A1", host: "H", path: "/" })],
  ["HTTP://Host.COM/Path", parts({ scheme: "HTTP", host: "Host.COM", path: "/Path" })],
  ["c:\\dir\\file", parts({ scheme: "c", path: "\\dir\\file" })],
];

// Non-ASCII: the kernel sees UTF-8 (a lone surrogate as the 3 bytes of U+FFFD),
// the results are UTF-16 slices of the original string.
const NON_ASCII: [string, Parts][] = [
  [
    "sch3me://ü😀:p\ud800w@hö\udc00st:8\u00e9/pä😀th?qü\udbff=1#f😀\ud83d",
    parts({
      scheme: "sch3me",
      user: "ü😀",
      password: "p\ud800w",
      host: "hö\udc00st",
      port: "8é",
      path: "/pä😀th",
      query: "qü\udbff=1",
      fragment: "f😀\ud83d",
    }),
  ],
  ["http://😀/😀?😀#😀", parts({ scheme: "http", host: "😀", path: "/😀", query: "😀", fragment: "😀" })],
  [
    "http://\udfff\ud800@[\ud800::1]:\udc00/",
    parts({ scheme: "http", user: "\udfff\ud800", host: "[\ud800::1]", port: "\udc00", path: "/" }),
  ],
  ["\ud800?\udc00#\ud83d\ude00", parts({ path: "\ud800", query: "\udc00", fragment: "😀" })],
  ["mailto:føø@bår.example", parts({ scheme: "mailto", path: "føø@bår.example" })],
];

const TABLES: [string, [string, Parts][]][] = [
  ["RFC 1738 section 3.1's common Internet scheme syntax", RFC1738_COMMON],
  ["docs/api.md section 3's examples", API_EXAMPLES],
  ["RFC 3986's examples", RFC3986],
  ["IPv6 literal hosts with and without a port", IPV6],
  ["empty ('') and absent (null) query and fragment", EMPTY_QUERY_FRAGMENT],
  ["scheme-less relative references", RELATIVE],
  ['the scheme rule ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )', SCHEMES],
  ["non-ASCII input, astral characters and lone surrogates", NON_ASCII],
];

describe.each(builds)("split (%s)", (_name, api) => {
  describe.each(TABLES)("%s", (_title, table) => {
    it.each(table)("%j", (input, expected) => {
      expect(api.split(input).toJSON()).toEqual(expected);
    });
  });

  it("gives the same components through the getters as through toJSON()", () => {
    const p = api.split(NON_ASCII[0][0]);
    const json = p.toJSON();
    expect({
      scheme: p.scheme,
      user: p.user,
      password: p.password,
      host: p.host,
      port: p.port,
      path: p.path,
      query: p.query,
      fragment: p.fragment,
    }).toEqual(json);
  });

  it("toJSON() returns a plain object with the eight components in order", () => {
    const p = api.split("http://u:p@h:1/p?q#f");
    const json = p.toJSON();
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(Object.keys(json)).toEqual(["scheme", "user", "password", "host", "port", "path", "query", "fragment"]);
    expect(JSON.parse(JSON.stringify(p))).toEqual(json);
    expect(JSON.stringify(p)).toBe(
      '{"scheme":"http","user":"u","password":"p","host":"h","port":"1","path":"/p","query":"q","fragment":"f"}',
    );
  });

  it.each([
    undefined,
    null,
    42,
    1n,
    true,
    Symbol("s"),
    {},
    ["http://h/"],
    new String("http://h/"),
    new URL("http://h/"),
  ])("throws a TypeError for the non-string %s", (value) => {
    expect(() => api.split(value as unknown as string)).toThrow(TypeError);
  });

  it("agrees with RFC 3986 Appendix B's regular expression on 5,000 random strings, and recomposes them", () => {
    const rng = mulberry32(0x5eed_0001);
    for (let i = 0; i < 5000; i++) {
      const input = randomString(rng);
      const json = api.split(input).toJSON();
      expect(json, JSON.stringify(input)).toEqual(model(input));
      expect(recompose(json), JSON.stringify(input)).toBe(input);
    }
  });

  it("agrees with RFC 3986 Appendix B's regular expression on every corpus line", () => {
    const mismatches = corpusLines().filter(
      (line) => JSON.stringify(api.split(line).toJSON()) !== JSON.stringify(model(line)),
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
