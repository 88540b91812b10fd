// Generated HTML pages shaped like real ones, for `swurl extract --input html`
// (test/cli/extract-html.test.ts, bench/extract.mjs): a head with metadata,
// styles and scripts, sometimes a <base href>, then navigation, articles,
// images with srcset, media, forms and comments, with links of every kind a
// crawler meets: relative, root-relative, scheme-relative, query-only,
// fragment-only, empty, padded with whitespace, with character references,
// non-ASCII, javascript:, mailto:, data:, and some that no parser accepts.
// Markup that must give no link is there too: links inside comments,
// scripts, styles, titles and textareas. hostilePage() makes short pages of
// broken markup, for comparing tokenizers with a tree builder.

/** An integer in [lo, hi]. */
function int(rng, lo, hi) {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

function pick(rng, items) {
  return items[Math.floor(rng() * items.length)];
}

/** A link as an author writes it in an attribute value (character references as HTML source). */
function link(rng, i) {
  return pick(rng, [
    `page-${i}.html`,
    `../up/${i}/index.html`,
    `/docs/${i}?q=${i}&amp;lang=en`,
    `//cdn.example.org/s/${i}.js`,
    `?page=${i}`,
    `#section-${i}`,
    "",
    `  \n /padded/${i}  `,
    `https://www.example.com/caf&eacute;/${i}`,
    `/a&#x2F;b&#47;${i}`,
    `?a=1&copy=${i}`,
    `/x?y=1&amp=2`,
    "javascript:void(0)",
    `mailto:user${i}@example.com`,
    "tel:+15550100",
    "data:image/png;base64,iVBORw0KGgo=",
    `/straße/münchen/${i}`,
    `http://例え.テスト/パス/${i}`,
    `https://xn--bcher-kva.example/${i}`,
    "http://a b/",
    "https://[::1/",
    `HTTPS://WWW.EXAMPLE.COM/Upper/${i}`,
    `https://www.example.com/%7Euser/${i}`,
    `https://user:pass@host.example:8080/p/${i}`,
    `/path with spaces/${i}`,
    `\\back\\slash\\${i}`,
  ]);
}

/** An attribute `name` holding `value`, quoted in one of the three ways (unquoted only where it can be). */
function attribute(rng, name, value) {
  const n = rng() < 0.1 ? name.toUpperCase() : name;
  const r = rng();
  if (r < 0.2 && value !== "" && !/[\s"'=<>`]/.test(value)) return `${n}=${value}`;
  if (r < 0.4 && !value.includes("'")) return `${n}='${value}'`;
  return `${n}="${value.replaceAll('"', "&quot;")}"`;
}

/** A srcset of one to three candidates, with width or density descriptors or none. */
function srcset(rng, i) {
  const count = int(rng, 1, 3);
  const parts = [];
  for (let k = 0; k < count; k++) {
    const url = pick(rng, [
      `img/${i}-${k}.jpg`,
      `/img/${i}@${k + 1}x.png`,
      "data:image/gif;base64,R0lGOD==",
      `//img.example.org/${i}/${k}.webp`,
    ]);
    parts.push(pick(rng, [url, `${url} ${k + 1}x`, `${url} ${(k + 1) * 320}w`]));
  }
  return parts.join(pick(rng, [", ", ",\n  ", " , "]));
}

/** One block of the body. */
function block(rng, i) {
  const a = (attrs, text) => `<a ${attrs}>${text}</a>`;
  switch (int(rng, 0, 11)) {
    case 0:
      return `<nav><ul>${[0, 1, 2].map((k) => `<li>${a(attribute(rng, "href", link(rng, i * 3 + k)), `Item ${k}`)}</li>`).join("")}</ul></nav>`;
    case 1:
      return `<p>Text &amp; more, see ${a(`class="x" ${attribute(rng, "href", link(rng, i))} rel=nofollow`, "this")} and https://text.example/${i}.</p>`;
    case 2:
      return `<img ${attribute(rng, "src", link(rng, i))} ${attribute(rng, "srcset", srcset(rng, i))} alt="pic ${i}">`;
    case 3:
      return `<picture><source ${attribute(rng, "srcset", srcset(rng, i))} type="image/webp"><img src="img/${i}.jpg" alt=""></picture>`;
    case 4:
      return `<video ${attribute(rng, "poster", link(rng, i))} controls><source src="/v/${i}.mp4" type="video/mp4"><track src="/v/${i}.vtt" kind=captions></video>`;
    case 5:
      return `<form ${attribute(rng, "action", link(rng, i))} method=post><input type=image src="/btn/${i}.png"><button ${attribute(rng, "formaction", link(rng, i + 1))}>Go</button></form>`;
    case 6:
      return `<!-- old: <a href="/commented/${i}">x</a> --><blockquote ${attribute(rng, "cite", link(rng, i))}>Quote</blockquote>`;
    case 7:
      return `<script>document.write("<a href='/in-script/${i}'>x</a>")</script><iframe src="/frame/${i}.html" title=f></iframe>`;
    case 8:
      return `<textarea name=t><a href="/in-textarea/${i}">x</a></textarea><A HREF=/UPPER/${i}>Upper</A>`;
    case 9:
      return `<a href="/first/${i}" href="/second/${i}">dup</a><area shape=rect ${attribute(rng, "href", link(rng, i))}>`;
    case 10:
      return `<p>Émigré naïve ${a(attribute(rng, "href", link(rng, i)), "café")} &mdash; &#8212; <a name=anchor${i}>no href</a></p>`;
    default:
      return `<div class="card"><h2>Title ${i}</h2><p>${"Lorem ipsum dolor sit amet. ".repeat(int(rng, 1, 4))}</p>${a(attribute(rng, "href", link(rng, i)), "more")}</div>`;
  }
}

/** The base element of a page, if any: relative, absolute, empty, or one no parser accepts. */
function baseElement(rng) {
  const r = rng();
  if (r < 0.5) return "";
  return `<base ${attribute(rng, "href", pick(rng, ["/dir/sub/", "https://cdn.example.net/base/", "../up/", "", "http://[bad/", "other/"]))}>`;
}

/** A page of about `blocks` blocks from the seeded generator `rng`. */
export function htmlPage(rng, blocks) {
  const base = baseElement(rng);
  // Most pages put <base> in the head; some late, after links (it counts for them too).
  const early = rng() < 0.7;
  let body = "";
  for (let i = 0; i < blocks; i++) {
    body += block(rng, i) + "\n";
    if (!early && i === Math.floor(blocks / 2)) body += base + (rng() < 0.5 ? `<base href="/ignored/">` : "");
  }
  return `<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8"><title>Page &lt;a href=/in-title&gt;</title>
${early ? base : ""}
<link rel="stylesheet" href="/css/site.css"><link rel=icon href=favicon.ico>
<link rel="canonical" href="https://www.example.com/canonical/">
<style>a[href^="http"]::after { content: url(/style-not-a-link.png) }</style>
<script src="/js/app.js" defer></script>
</head>
<body>
${body}</body></html>
`;
}

/**
 * Pieces of hostile markup: every kind of quoting and its breakage, comments,
 * the elements that switch the tokenizer's state (raw text, RCDATA), bogus
 * comments and CDATA outside foreign content, NUL, references, duplicate
 * attributes; with `foreign`, svg and math too.
 */
const HOSTILE = [
  ..."<a href=|<a href='|<a href=\"|<A HREF=x>|<img src=|<base href=|x|/y|'|\"|>|<|</a>|<!--|-->|<!x>|<?php ?>|</ a>".split(
    "|",
  ),
  ..."<script>|</script>|<style>|</style>|<textarea>|</textarea>|<title>|</title>|<xmp>|</xmp>|<iframe>|</iframe>".split(
    "|",
  ),
  ..."<![CDATA[|]]>|<p/>|/>|<a/href=z>|<a href=x href=y>|&amp;|&|;|=| |\n|\0|é".split("|"),
  "<!DOCTYPE html>",
];
const FOREIGN = ["<svg>", "</svg>", "<math>", "</math>"];

/** Up to 30 pieces of hostile markup. */
export function hostilePage(rng, foreign = false) {
  const pieces = foreign ? [...HOSTILE, ...FOREIGN] : HOSTILE;
  let html = "";
  for (let k = int(rng, 0, 29); k > 0; k--) html += pick(rng, pieces);
  return html;
}
