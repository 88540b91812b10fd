// swurl extract --input html: the links of HTML pages as a browser resolves
// them. The reference is independent of the command's code: parse5's tree
// (a spec-conformant HTML parser, not the command's tokenizer) walked in
// tree order, the first <base href> in it, and whatwg-url's resolution.
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse as parseHtml } from "parse5";
import { SAXParser } from "parse5-sax-parser";
import { afterAll, describe, expect, it } from "vitest";
import { hostilePage, htmlPage } from "../../scripts/data/html-pages.mjs";
import { linkBatches, pageLinks, srcsetUrls } from "../../packages/cli/src/input/html-links";
import { builds } from "../helpers/builds";
import { lines, swurl } from "../helpers/cli-run";
import { mulberry32 } from "../helpers/random";
import { whatwgHref } from "../helpers/whatwg";

const PAGE_URL = "https://www.example.com/site/page.html";

/** The URL attributes of the HTML Standard, as "element attribute" pairs, written out again for the reference. */
const REFERENCE_ATTRIBUTES = new Set(
  (
    "a href, area href, link href, img src, img srcset, source src, source srcset, script src, iframe src, " +
    "frame src, embed src, audio src, video src, video poster, track src, input src, input formaction, " +
    "button formaction, form action, object data, blockquote cite, q cite, del cite, ins cite"
  ).split(", "),
);

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}

/**
 * The links of `html` by the reference: attribute values in tree order (the
 * srcsets of the generated pages split at a comma followed by whitespace),
 * resolved against the first <base href> (itself resolved against the page).
 */
function referenceLinks(html: string, pageUrl: string | undefined): string[] {
  const raw: string[] = [];
  let baseHref: string | undefined;
  const walk = (node: Node) => {
    const attrs = new Map((node.attrs ?? []).map((a) => [a.name, a.value]));
    if (node.nodeName === "base" && baseHref === undefined && attrs.has("href")) baseHref = attrs.get("href");
    for (const [name, value] of attrs) {
      if (!REFERENCE_ATTRIBUTES.has(`${node.nodeName} ${name}`)) continue;
      if (name === "srcset")
        raw.push(
          ...value
            .trim()
            .split(/\s*,\s+/)
            .map((c) => c.split(/\s+/)[0]),
        );
      else raw.push(value);
    }
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parseHtml(html) as unknown as Node);
  const base = baseHref === undefined ? pageUrl : (whatwgHref(baseHref, pageUrl) ?? pageUrl);
  return raw.map((r) => whatwgHref(r, base)).filter((h): h is string => h !== null);
}

/** The links of the page whose bytes come in `chunks`, each resolved by `resolve`. */
async function commandLinks(
  chunks: Uint8Array[],
  resolve: (input: string, base?: string) => string | null,
  pageUrl: string | null = PAGE_URL,
): Promise<string[]> {
  const page = pageLinks(SAXParser, pageUrl ?? undefined, resolve, null);
  const out: string[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const { links, base } of linkBatches(page, source())) {
    for (const link of links) {
      const href = resolve(link, base);
      if (href !== null) out.push(href);
    }
  }
  return out;
}

const encoder = new TextEncoder();

describe("srcsetUrls", () => {
  it("splits candidates as the HTML Standard's srcset parser does", () => {
    expect(srcsetUrls("a.png")).toEqual(["a.png"]);
    expect(srcsetUrls("  a.png 1x,b.png 2x ,\n c.png 300w  ")).toEqual(["a.png", "b.png", "c.png"]);
    // A URL's own commas stay, its trailing commas go.
    expect(srcsetUrls("data:image/png;base64,AAA= 1x, b.png,, c.png")).toEqual([
      "data:image/png;base64,AAA=",
      "b.png",
      "c.png",
    ]);
    // A comma inside a descriptor's parentheses does not end the candidate.
    expect(srcsetUrls("a.png 1x (x, y), b.png")).toEqual(["a.png", "b.png"]);
    expect(srcsetUrls(" , ,")).toEqual([]);
    expect(srcsetUrls("")).toEqual([]);
  });
});

describe("links of HTML pages, in process", () => {
  it("match the reference on generated pages, with and without <base>, in every build", async () => {
    const rng = mulberry32(2027);
    for (let n = 0; n < 40; n++) {
      const html = htmlPage(rng, 30);
      const expected = referenceLinks(html, PAGE_URL);
      expect(expected.length).toBeGreaterThan(30);
      for (const [name, api] of builds) {
        const got = await commandLinks([encoder.encode(html)], (i, b) => api.parse(i, b)?.href ?? null);
        expect(got, `${name}, page ${n}`).toEqual(expected);
      }
    }
  });

  it("find the same links however the bytes are cut into chunks (every byte boundary)", async () => {
    const rng = mulberry32(7);
    const html = `\ufeff${htmlPage(rng, 12)}<a href="/ü&amp;ß/${"x".repeat(40)}">é</a><base href="/late/">`;
    const bytes = encoder.encode(html);
    const expected = referenceLinks(html.slice(1), PAGE_URL);
    expect(await commandLinks([bytes], whatwgHref)).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut++) {
      const got = await commandLinks([bytes.subarray(0, cut), bytes.subarray(cut)], whatwgHref);
      if (JSON.stringify(got) !== JSON.stringify(expected)) expect(got, `cut at byte ${cut}`).toEqual(expected);
    }
    // And every boundary at once: one byte a chunk.
    const singles = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await commandLinks(singles, whatwgHref)).toEqual(expected);
  });

  it("resolve against the first <base href>, even one after the links, and fall back to the page's URL", async () => {
    const links = (html: string, pageUrl: string | null = PAGE_URL) =>
      commandLinks([encoder.encode(html)], whatwgHref, pageUrl);
    expect(await links(`<a href=x>1</a><base href="/d/"><base href="/e/"><a href=y>2</a>`)).toEqual([
      "https://www.example.com/d/x",
      "https://www.example.com/d/y",
    ]);
    // A <base> without href does not count; one that does not parse gives the page's URL.
    expect(await links(`<base target=_top><base href="http://[bad/"><a href=x>`)).toEqual([
      "https://www.example.com/site/x",
    ]);
    expect(await links(`<base href="https://cdn.example.net/b/"><a href="//o.example/p">`)).toEqual([
      "https://o.example/p",
    ]);
    // Without a page URL, only absolute links and an absolute <base> resolve.
    expect(await links(`<a href=x><a href="https://a.example/">`, null)).toEqual(["https://a.example/"]);
    expect(await links(`<base href="https://b.example/d/"><a href=x>`, null)).toEqual(["https://b.example/d/x"]);
  });

  it("decode character references as an attribute value is decoded (the legacy ones without ';' only where no '=' or letter follows)", async () => {
    const links = (html: string) => commandLinks([encoder.encode(html)], whatwgHref);
    expect(await links(`<a href="?a=1&amp;b=2&#x26;c=&#51;&lt;&copy;&eacute;">`)).toEqual([
      "https://www.example.com/site/page.html?a=1&b=2&c=3%3C%C2%A9%C3%A9",
    ]);
    expect(await links(`<a href="?a=1&copy=2&amp=3&notit;">`)).toEqual(
      referenceLinks(`<a href="?a=1&copy=2&amp=3&notit;">`, PAGE_URL),
    );
  });

  it("take no links from comments, scripts, styles, titles or textareas, nor from elements without URL attributes", async () => {
    const html = `<!-- <a href=/c> --><script>"<a href=/s>"</script><style>@import "<a href=/t>"</style><title><a href=/ti></title><textarea><a href=/ta></textarea><div href=/div src=/div2><a name=x><a href=/ok>`;
    expect(await commandLinks([encoder.encode(html)], whatwgHref)).toEqual(["https://www.example.com/ok"]);
  });

  it("keep a long value whole, held in pieces across chunks: srcset, a base and a duplicate attribute among them", async () => {
    // Values past the 1 MiB that parse5 holds at a time, under the 16 MiB cap, in 64 KiB chunks as files are read.
    const long = (c: string, n: number) => `/${c.repeat(n)}`;
    const html =
      `<base href="${long("b", 1_200_000)}/"><a href="${long("a", 3_500_000)}" href="${long("d", 2_000_000)}">` +
      `<img srcset="${long("s", 1_100_000)} 2x, small.png 1x" src=x.png><a href="/after">`;
    const bytes = encoder.encode(html);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const got = await commandLinks(chunks, whatwgHref);
    expect(got.map((h) => h.length)).toEqual(referenceLinks(html, PAGE_URL).map((h) => h.length));
    expect(got).toEqual(referenceLinks(html, PAGE_URL));
  });

  it("give an element's links in the order its attributes are written", async () => {
    const html = `<img srcset="b.png 2x, c.png 3x" alt=x src=a.png><video poster=p.jpg src=v.mp4>`;
    expect(await commandLinks([encoder.encode(html)], whatwgHref)).toEqual(
      ["b.png", "c.png", "a.png", "p.jpg", "v.mp4"].map((f) => `https://www.example.com/site/${f}`),
    );
  });
});

/** Whether `part` is `whole` with some items left out, in order. */
function isSubsequence(part: string[], whole: string[]): boolean {
  let i = 0;
  for (const item of whole) if (i < part.length && part[i] === item) i++;
  return i === part.length;
}

describe("links of hostile markup, in process", () => {
  // Not in svg and math (hostilePage(rng, true)): there the SAX parser's
  // simulation of tree construction misses some HTML elements that end
  // foreign content (2 pages in 5,000, bench/extract-html.mjs).
  it("are the reference's, less the copies of <a> that tree construction makes (5,000 random pages)", async () => {
    const rng = mulberry32(3987);
    for (let n = 0; n < 5000; n++) {
      const html = hostilePage(rng);
      const expected = referenceLinks(html, PAGE_URL);
      const got = await commandLinks([encoder.encode(html)], whatwgHref);
      // The adoption agency and the reconstruction of active formatting
      // elements clone an open <a> into later blocks: the DOM then holds the
      // same link twice, the markup once.
      const same = isSubsequence(got, expected) && new Set(got).size === new Set(expected).size;
      if (!same) expect(got, JSON.stringify(html)).toEqual(expected);
    }
  });
});

describe("swurl extract --input html", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "swurl-extract-html-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the links of generated pages as the reference resolves them", () => {
    const rng = mulberry32(25);
    for (let n = 0; n < 8; n++) {
      const html = htmlPage(rng, 200);
      const r = swurl(["extract", "--input", "html", "--base", PAGE_URL], html);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(lines(r.stdout), `page ${n}`).toEqual(referenceLinks(html, PAGE_URL));
    }
  });

  it("keeps the schemes of --scheme, ready for swurl canon", () => {
    const html = `<a href="/a">a</a><a href="javascript:void(0)">j</a><a href="mailto:x@example.com">m</a><img src="data:image/gif;base64,R0=">`;
    const r = swurl(["extract", "-i", "html", "--base", "http://example.com/", "--scheme", "http,https"], html);
    expect(lines(r.stdout)).toEqual(["http://example.com/a"]);
    const canon = swurl(["canon"], r.stdout);
    expect(lines(canon.stdout)).toEqual(["http://example.com/a"]);
  });

  it("reads each FILE as a page of its own, with its own <base>", () => {
    const a = path.join(dir, "a.html");
    const b = path.join(dir, "b.html");
    writeFileSync(a, `<base href="https://a.example/d/"><a href=x>`);
    writeFileSync(b, `<a href=y>`);
    const r = swurl(["extract", "--input", "html", "--base", "https://site.example/", a, b]);
    expect(lines(r.stdout)).toEqual(["https://a.example/d/x", "https://site.example/y"]);
  });

  it("stops with a one-line message, before any output, when a FILE cannot be read", () => {
    const a = path.join(dir, "ok.html");
    writeFileSync(a, `<a href="https://a.example/">`);
    const r = swurl(["extract", "--input", "html", a, path.join(dir, "missing.html")]);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^swurl: .*missing\.html.*\n$/);
    expect(r.status).toBe(1);
  });

  it("refuses the options of records, which a page has none of", () => {
    for (const option of [["--field", "href"], ["--base-field", "page"], ["--skip-comments"], ["--invalid-only"]]) {
      const r = swurl(["extract", "--input", "html", ...option], `<a href="https://a.example/">`);
      expect(r.status, option[0]).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        "swurl: extract: --input html takes links that parse: no --field, --base-field, --skip-comments or --invalid-only\n",
      );
    }
  });

  it("says how many relative links it left out without --base", () => {
    const r = swurl(["extract", "--input", "html"], `<a href=x><a href=y><a href="https://a.example/">`);
    expect(lines(r.stdout)).toEqual(["https://a.example/"]);
    expect(r.stderr).toBe(
      "swurl: extract: 2 links that are no absolute URL left out: give the page's URL with --base\n",
    );
    expect(r.status).toBe(0);
  });

  it("with --text, adds the URLs of the page's text, character references decoded (issue #25)", () => {
    const html = `<p>See https://a.example/?x=1&amp;y=2 and <b>https://münchen.de/straße</b>.</p><script>var u = "https://no.example/"</script><a href="/l">https://link-text.example/</a>`;
    const r = swurl(["extract", "--input", "html", "--text", "--base", "https://site.example/"], html);
    expect(lines(r.stdout)).toEqual([
      "https://a.example/?x=1&y=2",
      "https://xn--mnchen-3ya.de/stra%C3%9Fe",
      "https://site.example/l",
      "https://link-text.example/",
    ]);
  });

  it("refuses options that have no meaning for pages", () => {
    for (const args of [["--field", "x"], ["--invalid-only"], ["--skip-comments"]]) {
      const r = swurl(["extract", "--input", "html", ...args], "<a href=x>");
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^swurl: extract: --input html/);
    }
    expect(swurl(["extract", "--text"], "x").stderr).toMatch(/--text needs --input html/);
  });
});
