// extractUrls() on running text with IRIs (RFC 3987) and Markdown: the
// reproductions of issue #25 item 6, and the rules around them, in every build.
// (HTML: test/cli/extract-html.test.ts.)
import { describe, expect, it } from "vitest";
import { builds, type Api } from "../helpers/builds";

function urls(api: Api, text: string): string[] {
  return api.extractUrls(text).map((u) => u.url);
}

describe.each(builds)("extractUrls with IRIs (%s)", (_name, api) => {
  it("takes the non-ASCII letters of a URL (issue #25)", () => {
    expect(urls(api, "see https://münchen.de/straße ok")).toEqual(["https://münchen.de/straße"]);
    expect(urls(api, "(https://ru.wikipedia.org/wiki/Москва)")).toEqual(["https://ru.wikipedia.org/wiki/Москва"]);
    expect(urls(api, "https://例え.テスト/パス")).toEqual(["https://例え.テスト/パス"]);
    expect(urls(api, "http://b.com/é")).toEqual(["http://b.com/é"]);
  });

  it("gives the match's UTF-16 indices over letters outside the BMP", () => {
    const text = "😀 see https://ex.com/𝒜𝒷/ü? now";
    const [found] = api.extractUrls(text);
    expect(found.url).toBe("https://ex.com/𝒜𝒷/ü");
    expect(text.slice(found.index, found.end)).toBe(found.url);
  });

  it("ends a bare URL at Unicode spaces and the punctuation that goes on a sentence", () => {
    const cases: [string, string][] = [
      ["https://例え.テスト/パス。次", "https://例え.テスト/パス"],
      ["「https://例え.テスト/パス」", "https://例え.テスト/パス"],
      ["https://a.de/x、次", "https://a.de/x"],
      ["«https://fr.example/é»", "https://fr.example/é"],
      ["“https://a.com/ü”", "https://a.com/ü"],
      ["https://a.com/ü…", "https://a.com/ü"],
      ["https://a.com/ü—more", "https://a.com/ü"],
      ["https://a.com/ü\u00a0more", "https://a.com/ü"],
      ["https://a.com/ü\u3000more", "https://a.com/ü"],
      ["https://a.com/ü\u2003more", "https://a.com/ü"],
      ["https://a.com/ü（注）", "https://a.com/ü"],
      ["https://a.com/ü！", "https://a.com/ü"],
      // Not in an IRI: a C1 control, a bidi mark, a noncharacter, U+FFFD.
      ["https://a.com/ü\u0085x", "https://a.com/ü"],
      ["https://a.com/ü\u200fx", "https://a.com/ü"],
      ["https://a.com/ü\ufdd0x", "https://a.com/ü"],
      ["https://a.com/ü\ufffdx", "https://a.com/ü"],
      ["https://a.com/ü\u{1fffe}x", "https://a.com/ü"],
    ];
    for (const [text, url] of cases) expect(urls(api, text), text).toEqual([url]);
    // Letters of every plane, joiners and full-width letters stay.
    for (const url of [
      "https://a.com/z\u200dw",
      "https://a.com/ｗｉｋｉ",
      "https://a.com/𠀋",
      "https://a.com/\ue000",
    ]) {
      expect(urls(api, `${url} x`), url).toEqual([url]);
    }
  });

  it("runs a <...> wrapper to its >, over non-ASCII and ASCII a bare URL stops at", () => {
    expect(urls(api, "<https://ru.wikipedia.org/wiki/Москва_(город)>")).toEqual([
      "https://ru.wikipedia.org/wiki/Москва_(город)",
    ]);
    expect(urls(api, "<URL:https://例え.テスト/パス「引用」>")).toEqual(["https://例え.テスト/パス「引用」"]);
    expect(urls(api, "<http://a.com/x|y{z}>")).toEqual(["http://a.com/x|y{z}"]);
    expect(urls(api, "<https://münchen.de/stra-\n  ße>")).toEqual(["https://münchen.de/stra-ße"]);
    // A space that is no line break still means no wrapper; so does a second "<".
    expect(urls(api, "<https://a.de/ü\u3000b>")).toEqual(["https://a.de/ü"]);
    expect(urls(api, "<https://a.de/x <https://b.de/ü>")).toEqual(["https://a.de/x", "https://b.de/ü"]);
  });

  it("leaves Markdown emphasis out (issue #25)", () => {
    expect(urls(api, "**https://bold.example.com/**")).toEqual(["https://bold.example.com/"]);
    expect(urls(api, "*https://em.example.com/a*, _https://u.example.com/b_.")).toEqual([
      "https://em.example.com/a",
      "https://u.example.com/b",
    ]);
    expect(urls(api, "~~https://gone.example.com/~~ **see https://x.example/ü**")).toEqual([
      "https://gone.example.com/",
      "https://x.example/ü",
    ]);
    // A Markdown link's target; emphasis inside a URL stays.
    expect(urls(api, "[Москва](https://ru.wikipedia.org/wiki/Москва)")).toEqual([
      "https://ru.wikipedia.org/wiki/Москва",
    ]);
    expect(urls(api, "https://a.com/snake_case/x*y")).toEqual(["https://a.com/snake_case/x*y"]);
  });
});
