// extractUrls() (docs/api.md section 6): RFC 1738, "APPENDIX: Recommendations for
// URLs in Context".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

/** The appendix's own example paragraph. */
const APPENDIX = `Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
type=d> but you can probably pick it up from <URL:ftp://ds.in
ternic.net/rfc>. Note the warning in <URL:http://ds.internic.
net/instructions/overview.html#WARNING>.`;

type Api = (typeof builds)[number][1];

function urls(api: Api, text: string): string[] {
  return api.extractUrls(text).map((u) => u.url);
}

describe.each(builds)("extractUrls (%s)", (_name, api) => {
  it("finds the three URLs of the appendix's example, whitespace at the line breaks removed", () => {
    const found = api.extractUrls(APPENDIX);
    expect(found.map(({ url, wrapped }) => [url, wrapped])).toEqual([
      ["ftp://info.cern.ch/pub/www/doc;type=d", true],
      ["ftp://ds.internic.net/rfc", true],
      ["http://ds.internic.net/instructions/overview.html#WARNING", true],
    ]);
    // index/end delimit the wrapper, "<URL:" to ">".
    for (const { index, end } of found) {
      expect(APPENDIX.slice(index, index + 5)).toBe("<URL:");
      expect(APPENDIX[end - 1]).toBe(">");
    }
    expect(found[0].index).toBe(APPENDIX.indexOf("<URL:ftp://info"));
    expect(found[2].end).toBe(APPENDIX.length - 1);
  });

  it("finds the wrapped URLs of the RFC's references, broken after a path segment", () => {
    const text = `[12] Kunze, J., "Functional Requirements for Internet Resource
     Locators", Work in Progress, December 1994.
     <URL:ftp://ds.internic.net/internet-drafts
     /draft-ietf-uri-irl-fun-req-02.txt>`;
    expect(urls(api, text)).toEqual(["ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt"]);
  });

  it('keeps a hyphen at a line break: "hyphens are legal URL characters"', () => {
    // "the interpreter of a URL containing a line break immediately after a
    // hyphen should ignore all unencoded whitespace around the line break, and
    // should be aware that the hyphen may or may not actually be part of the URL."
    expect(urls(api, "see <URL:http://www.example.com/long-  \n   name.html> now")).toEqual([
      "http://www.example.com/long-name.html",
    ]);
    expect(urls(api, "see <http://www.example.com/a-\r\nb>")).toEqual(["http://www.example.com/a-b"]);
  });

  it("takes '<' plus a known scheme as a wrapper, and any scheme after '<URL:'", () => {
    expect(api.extractUrls("mail <http://example.com/a> now")).toEqual([
      { url: "http://example.com/a", index: 5, end: 27, wrapped: true },
    ]);
    expect(urls(api, "<URL:urn:isbn:0451450523> and <URL: mid:abc@example.com>")).toEqual([
      "urn:isbn:0451450523",
      "mid:abc@example.com",
    ]);
    expect(urls(api, "<url:HTTP://Example.com/>")).toEqual(["HTTP://Example.com/"]);
    // Not URLs: a mail address, markup, an unknown scheme without "URL:".
    expect(api.extractUrls("From: Joe <joe@example.com>\n<b>bold</b> <xsl:template match='/'>")).toEqual([]);
  });

  it("does not take a wrapper whose whitespace is not at a line break, nor an unclosed one", () => {
    // "<http: and then some words>" is not a URL broken across lines.
    expect(urls(api, "<http: and then some words>")).toEqual([]);
    expect(api.extractUrls("<http://a.com/ b>")).toEqual([{ url: "http://a.com/", index: 1, end: 14, wrapped: false }]);
    expect(api.extractUrls("<URL:http://a.com/x and more")).toEqual([
      { url: "http://a.com/x", index: 5, end: 19, wrapped: false },
    ]);
    expect(urls(api, "<http://a.com/x <http://b.com/>")).toEqual(["http://a.com/x", "http://b.com/"]);
  });

  it("finds bare URLs of known schemes without trailing punctuation", () => {
    const text =
      "See http://example.com/path. Or ftp://ftp.example.com/pub, gopher://g.example.org/1; telnet://h:23! " +
      "Mail mailto:joe@example.com? Read news:comp.infosystems.www: nntp://n.example.com/comp.x/12 " +
      "wais://w.example.com/db file:///etc/motd prospero://p.example.com/x https://s.example.com ws://ws.example.com wss://x.y/z.";
    expect(urls(api, text)).toEqual([
      "http://example.com/path",
      "ftp://ftp.example.com/pub",
      "gopher://g.example.org/1",
      "telnet://h:23",
      "mailto:joe@example.com",
      "news:comp.infosystems.www",
      "nntp://n.example.com/comp.x/12",
      "wais://w.example.com/db",
      "file:///etc/motd",
      "prospero://p.example.com/x",
      "https://s.example.com",
      "ws://ws.example.com",
      "wss://x.y/z",
    ]);
    const [first] = api.extractUrls(text);
    expect(first).toEqual({ url: "http://example.com/path", index: 4, end: 27, wrapped: false });
  });

  it("drops closing brackets without a partner, keeps balanced ones", () => {
    expect(urls(api, "(see http://en.wikipedia.org/wiki/Foo_(bar))")).toEqual([
      "http://en.wikipedia.org/wiki/Foo_(bar)",
    ]);
    expect(urls(api, "(see http://example.com/a)")).toEqual(["http://example.com/a"]);
    expect(urls(api, "[http://example.com/a]")).toEqual(["http://example.com/a"]);
    expect(urls(api, "http://[2001:db8::1]/x")).toEqual(["http://[2001:db8::1]/x"]);
    expect(urls(api, "(http://example.com/a?).")).toEqual(["http://example.com/a"]);
  });

  it("ends a bare URL at characters a URI cannot hold", () => {
    expect(urls(api, "\"http://a.com/x\" 'http://b.com/y'.")).toEqual(["http://a.com/x", "http://b.com/y"]);
    expect(urls(api, "it's http://b.com/y'")).toEqual(["http://b.com/y'"]);
    // Non-ASCII letters are IRI characters (RFC 3987; extract-iri.test.ts); U+FFFD is not.
    expect(urls(api, "http://a.com/x|y http://b.com/é\ufffd http://c.com/{z}")).toEqual([
      "http://a.com/x",
      "http://b.com/é",
      "http://c.com/",
    ]);
  });

  it("ignores schemes it does not know, schemes inside words, and colons elsewhere", () => {
    const text = "12:30:45 INFO Subject: x:y foo://bar xhttp://a.com http: http:// news: 3http://a.com mailto:";
    expect(api.extractUrls(text)).toEqual([]);
    expect(api.extractUrls("")).toEqual([]);
    expect(api.extractUrls("no colon here")).toEqual([]);
  });

  it("finds URLs after a prefix without brackets and in any case", () => {
    expect(urls(api, "URL:http://a.com/ HTTPS://B.COM/X")).toEqual(["http://a.com/", "HTTPS://B.COM/X"]);
  });

  it("gives UTF-16 indices in text with non-ASCII characters", () => {
    const text = "日本語 http://example.com/ 😀 <URL:ftp://a.b/c\n d> é";
    const found = api.extractUrls(text);
    expect(found.map((u) => u.url)).toEqual(["http://example.com/", "ftp://a.b/cd"]);
    expect(text.slice(found[0].index, found[0].end)).toBe("http://example.com/");
    expect(text.slice(found[1].index, found[1].end)).toBe("<URL:ftp://a.b/c\n d>");
  });

  it("finds many URLs in a long text, in order (the kernel hands them back in batches)", () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++)
      lines.push(
        i % 3 === 0 ? `é ${i}: <URL:http://h${i}.example/\n  p>` : `line ${i} at http://h${i}.example/p?q=${i}.`,
      );
    const text = lines.join("\n");
    const found = api.extractUrls(text);
    expect(found).toHaveLength(5000);
    found.forEach((u, i) => {
      expect(u.url).toBe(i % 3 === 0 ? `http://h${i}.example/p` : `http://h${i}.example/p?q=${i}`);
      expect(text.slice(u.index, u.end)).toBe(i % 3 === 0 ? `<URL:http://h${i}.example/\n  p>` : u.url);
    });
  });

  it("throws a TypeError for a non-string", () => {
    expect(() => api.extractUrls(null as unknown as string)).toThrow(TypeError);
  });
});

describe("extractUrls gives the same result in every build", () => {
  const TEXTISH = fc.string({
    unit: fc.constantFrom(
      ..."ab0 .,;:!?()[]<>-/\n\t\"'é😀".split(/(?:)/u),
      "http://",
      "HTTP://",
      "<URL:",
      "ftp://h.x/",
      "mailto:",
      "news:",
      "x:",
      "12:30",
      "a.com",
      "-\n ",
      // IRIs (extract-iri.test.ts): letters, spaces, punctuation, characters no IRI holds.
      ..."ü。「」*_\u3000\u00a0\u200f\ufffd".split(/(?:)/u),
      "https://",
      "Москва",
      "例え.テスト",
      "\u{1fffe}",
    ),
    maxLength: 80,
  });

  it("on random text", () => {
    fc.assert(
      fc.property(TEXTISH, (text) => {
        const [first, ...rest] = builds.map(([, api]) => JSON.stringify(api.extractUrls(text)));
        for (const other of rest) expect(other, text).toBe(first);
        // Every match is a slice of the text; bare URLs are their own match.
        for (const u of JSON.parse(first) as { url: string; index: number; end: number; wrapped: boolean }[]) {
          if (!u.wrapped) expect(text.slice(u.index, u.end)).toBe(u.url);
          else expect(text[u.index] + text[u.end - 1]).toBe("<>");
          expect(u.url).not.toMatch(/[\s\u200f\ufffd<]/u);
        }
      }),
      { numRuns: randomCases(2000) },
    );
  });
});
