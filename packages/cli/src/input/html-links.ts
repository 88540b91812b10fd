// swurl extract --input html: the links of HTML pages, resolved as a browser
// resolves them (HTML Standard, "parse a URL" against the document's base URL).
//
// The page is read through parse5's SAX parser, chunk by chunk: the HTML
// Standard's tokenizer, with the tokenizer states that tree construction
// would set (raw text in script and style, RCDATA in title and textarea,
// foreign content in svg and math, where CDATA sections are text) simulated.
// It decodes character references in attribute values and text, replaces
// NUL, lower-cases names and keeps the first of two attributes of one name.
// It is a dependency of the command only, bundled into build/
// (scripts/build.mjs), never of the library.

import type { SAXParser, StartTag, Text } from "parse5-sax-parser";

/** The attributes whose value a browser resolves as a URL, by element (srcset holds a list of them). */
const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src", "srcset"],
  source: ["src", "srcset"],
  script: ["src"],
  iframe: ["src"],
  frame: ["src"],
  embed: ["src"],
  audio: ["src"],
  video: ["src", "poster"],
  track: ["src"],
  input: ["src", "formaction"],
  button: ["formaction"],
  form: ["action"],
  object: ["data"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite"],
  ins: ["cite"],
};

/** Elements whose text is not the page's running text (with --text). */
const NOT_RUNNING_TEXT = new Set(["script", "style", "noscript", "iframe", "noembed", "noframes", "template"]);

/**
 * Characters of an attribute value at most: a longer one is no link (16 MiB,
 * eight times the longest URL browsers take). A comment's text is never kept.
 */
const MAX_VALUE = 16 * 2 ** 20;

/** Characters of text handed on at a time: a text node of any length is read in pieces. */
const TEXT_PIECE = 2 ** 20;

/**
 * Characters of an attribute value that parse5 holds at most: past them the
 * value so far is taken out, flat, and the pieces are joined when its tag
 * ends. Made flat after each piece of the page instead, a long value would
 * be copied whole each time, garbage of its size a piece.
 */
const VALUE_PIECE = 2 ** 20;

/**
 * What stands for a value over MAX_VALUE: the tokenizer replaces every NUL of
 * a value with U+FFFD, so no value written in a page begins with one.
 */
const TOO_LONG = "\u0000";

/** An attribute of parse5's tokens. */
interface Attribute {
  name: string;
  value: string;
}

/** The state of parse5's tokenizer that grows with a token (not in its types). */
interface TokenizerState {
  currentToken: { tagName?: string; data?: string } | null;
  currentAttr: Attribute;
  currentCharacterToken: { chars: string } | null;
  preprocessor: { dropParsedChunk(): void };
}

/**
 * A string built a character at a time (`s += c`) is a V8 rope of one node
 * per character, about 32 bytes each: reading one character makes it one
 * flat string, and the nodes garbage.
 */
function flatten(s: string | undefined): void {
  s?.charCodeAt(0);
}

/** ASCII whitespace of the HTML Standard: tab, LF, FF, CR, space. */
function isAsciiWhitespace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
}

/**
 * The URLs of a srcset attribute, after the HTML Standard's "parse a srcset
 * attribute": candidates are split at commas, each URL is a run of
 * non-whitespace with its trailing commas removed, and a descriptor's commas
 * inside parentheses do not end the candidate. Every candidate's URL is
 * given, whatever its descriptors: a crawler wants each image a browser may
 * fetch.
 */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  const n = value.length;
  let i = 0;
  for (;;) {
    // "Collect a sequence of code points that are ASCII whitespace or U+002C COMMA characters."
    while (i < n && (isAsciiWhitespace(value[i]) || value[i] === ",")) i++;
    if (i >= n) return urls;
    const start = i;
    while (i < n && !isAsciiWhitespace(value[i])) i++;
    let url = value.slice(start, i);
    if (url.endsWith(",")) {
      // "If url ends with U+002C (,): remove all trailing U+002C COMMA characters from url."
      url = url.replace(/,+$/, "");
    } else {
      // The descriptors run to a comma outside parentheses, or to the end.
      let inParens = false;
      for (; i < n; i++) {
        const c = value[i];
        if (inParens) {
          if (c === ")") inParens = false;
        } else if (c === "(") {
          inParens = true;
        } else if (c === ",") {
          i++;
          break;
        }
      }
    }
    urls.push(url);
  }
}

/** What the page gives, in document order: URLs as written (attribute values and, with --text, URLs in text). */
interface PageLinks {
  /** Feed the next piece of the page. */
  write(text: string): void;
  /** The end of the page. */
  end(): void;
  /**
   * The links found so far, each with the base URL it resolves against (the
   * first <base href>, else the document's URL); none until that base is known.
   */
  take(): { links: string[]; base: string | undefined };
}

/** The SAXParser class of parse5-sax-parser, loaded on first use (the command's other inputs never need it). */
type SaxParserClass = typeof SAXParser;

/**
 * A reader of one page at `documentUrl`. `resolve(href, base)` parses a URL
 * against a base (the WHATWG parser), or gives null; `textUrls` finds the URLs
 * of running text (extractUrls()), or is null to take attribute links only.
 */
export function pageLinks(
  Sax: SaxParserClass,
  documentUrl: string | undefined,
  resolve: (input: string, base?: string) => string | null,
  textUrls: ((text: string) => string[]) | null,
): PageLinks {
  let links: string[] = [];
  let base: string | undefined;
  let baseKnown = false;
  let text = "";
  let notText = 0;
  /** The pieces taken out of a long attribute value under way (VALUE_PIECE), and their characters. */
  const held = new WeakMap<Attribute, { pieces: string[]; length: number }>();

  /** The value of `attr` of a tag that has ended: its held pieces and the rest, or TOO_LONG past MAX_VALUE. */
  function wholeValue(attr: Attribute): string {
    const taken = held.get(attr);
    if (taken === undefined) return attr.value;
    held.delete(attr);
    if (attr.value.startsWith(TOO_LONG) || taken.length + attr.value.length > MAX_VALUE) return TOO_LONG;
    return taken.pieces.join("") + attr.value;
  }

  /** The value under way, past VALUE_PIECE: taken out, or TOO_LONG once its pieces pass MAX_VALUE. */
  function holdValue(attr: Attribute): void {
    const taken = held.get(attr) ?? { pieces: [], length: 0 };
    taken.length += attr.value.length;
    if (taken.length > MAX_VALUE) {
      held.delete(attr);
      attr.value = TOO_LONG;
      return;
    }
    flatten(attr.value);
    taken.pieces.push(attr.value);
    held.set(attr, taken);
    attr.value = "";
  }

  function flushText(): void {
    if (text === "") return;
    if (notText === 0 && textUrls !== null) links.push(...textUrls(text));
    text = "";
  }

  /** Text of the page: searched for URLs in pieces ending at whitespace (no URL of running text spans one). */
  function addText(piece: string): void {
    text += piece;
    if (text.length < TEXT_PIECE) return;
    const cut = text.search(/\s\S*$/);
    if (cut > 0) {
      const rest = text.slice(cut);
      text = text.slice(0, cut);
      flushText();
      text = rest;
    } else if (text.length > MAX_VALUE) {
      // One run of MAX_VALUE characters without whitespace: no URL of running text.
      text = "";
    }
  }

  /**
   * The SAX parser fed directly, so that each piece is tokenized before
   * write() returns (through its stream interface a piece may wait for the
   * readable side to drain).
   */
  class Tokenizer extends Sax {
    feed(piece: string, last: boolean): void {
      this.tokenizer.write(piece, last);
      this.bound();
    }

    /**
     * After each piece, the token under way is kept small: parse5 builds it a
     * character at a time and holds the page's text since the token began,
     * about 85 bytes a character of a long comment, text or value.
     */
    private bound(): void {
      const t = this.tokenizer as unknown as TokenizerState;
      const token = t.currentToken;
      if (token !== null) {
        if (token.data !== undefined) token.data = "";
        flatten(token.tagName);
      }
      const attr = t.currentAttr;
      if (attr.value.startsWith(TOO_LONG)) attr.value = TOO_LONG;
      else if (attr.value.length > VALUE_PIECE) holdValue(attr);
      flatten(attr.value);
      flatten(attr.name);
      const chars = t.currentCharacterToken;
      if (chars !== null && chars.chars.length > TEXT_PIECE) {
        // The text so far goes on now, after the text the SAX parser holds.
        (this as unknown as { _emitPendingText(): void })._emitPendingText();
        if (textUrls !== null) addText(chars.chars);
        chars.chars = "";
      } else flatten(chars?.chars);
      // The page's text before the current character, which parse5 drops only at a token's end.
      t.preprocessor.dropParsedChunk();
    }
  }
  const parser = new Tokenizer();
  parser.on("startTag", ({ tagName: name, attrs }: StartTag) => {
    flushText();
    for (const attr of attrs) attr.value = wholeValue(attr);
    if (NOT_RUNNING_TEXT.has(name)) notText++;
    // "The frozen base URL": the first base element with an href attribute, its
    // value parsed against the document's fallback base URL; on failure that URL.
    if (name === "base" && !baseKnown) {
      const href = attrs.find((a) => a.name === "href");
      if (href !== undefined) {
        base = resolve(href.value, documentUrl) ?? documentUrl;
        baseKnown = true;
      }
    }
    const names = URL_ATTRIBUTES[name];
    if (names === undefined) return;
    // In the order they are written in the tag.
    for (const { name: attribute, value } of attrs) {
      if (!names.includes(attribute) || value.startsWith(TOO_LONG)) continue;
      if (attribute === "srcset") links.push(...srcsetUrls(value));
      else links.push(value);
    }
  });
  parser.on("endTag", ({ tagName: name }) => {
    flushText();
    if (NOT_RUNNING_TEXT.has(name) && notText > 0) notText--;
  });
  if (textUrls !== null) parser.on("text", ({ text: piece }: Text) => addText(piece));

  return {
    write(piece) {
      parser.feed(piece, false);
    },
    end() {
      parser.feed("", true);
      flushText();
      // No <base href> in the whole page: the links resolve against the document's URL.
      if (!baseKnown) {
        base = documentUrl;
        baseKnown = true;
      }
    },
    take() {
      if (!baseKnown) return { links: [], base: undefined };
      const taken = links;
      links = [];
      return { links: taken, base };
    },
  };
}

/**
 * The links of the page whose UTF-8 bytes are `chunks` (a byte order mark
 * is dropped), in batches as they are found; a batch waits until the base
 * URL is known (a <base href> may come late, and counts for the links before
 * it too).
 */
export async function* linkBatches(
  page: PageLinks,
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ links: string[]; base: string | undefined }> {
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    page.write(decoder.decode(chunk, { stream: true }));
    const batch = page.take();
    if (batch.links.length > 0) yield batch;
  }
  page.write(decoder.decode());
  page.end();
  yield page.take();
}
