// The ParsedUrl class: one serialized href plus the offsets of its components
// (assembly/layout.ts draws them). Every getter is a slice of the href, made
// when it is read, by the rules of components.ts (#urlutils-members).

import * as L from "../../assembly/layout.js";
import * as C from "./components.js";

const inspect = Symbol.for("nodejs.util.inspect.custom");

/**
 * Where each getter's string lies in the href: `href.slice(start, end)` of a
 * pair is that getter's value, so a program that copies components (columnar
 * output, highlighting) can take them from the one string. For
 * https://user:pass@example.com:1234/foo/bar?baz#quux:
 *
 *   protocolEnd 6 ("https:")     hostnameStart 18   pathnameStart 34
 *   usernameStart 8, End 12      hostnameEnd 29     pathnameEnd 42
 *   passwordStart 13, End 17     portStart 30       searchStart 42, End 46
 *                                portEnd 34         hashStart 46
 *
 * `host` is [hostnameStart, portEnd); `hash` runs to the end of the href. An
 * empty component starts and ends at the same offset.
 */
export interface UrlRanges {
  readonly protocolEnd: number;
  readonly usernameStart: number;
  readonly usernameEnd: number;
  readonly passwordStart: number;
  readonly passwordEnd: number;
  readonly hostnameStart: number;
  readonly hostnameEnd: number;
  readonly portStart: number;
  readonly portEnd: number;
  readonly pathnameStart: number;
  readonly pathnameEnd: number;
  readonly searchStart: number;
  readonly searchEnd: number;
  readonly hashStart: number;
}

/** @internal A ParsedUrl's fields are the URL record (components.ts), assigned by its constructor, but for _hrefEnd. */
export interface ParsedUrl extends Omit<C.UrlRecord, "_hrefEnd"> {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor assigns every field of the record, so the merged fields are initialised.
export class ParsedUrl {
  /** @internal */ readonly _href: string;
  /** @internal The origin of a blob: URL, worked out at parse time (it needs a parse). */
  readonly _blobOrigin: string;

  /**
   * @internal Made by parse() and UrlBatch; not for use directly. The record
   * (layout.ts, URL_HREF_END to URL_FLAGS) is read from index `at` of
   * `words`, the kernel's memory: no record object is made on the way (one
   * allocation a parse fewer). The fields are assigned here, one by one: V8
   * sizes a ParsedUrl by the assignments in its constructor, and fields assigned
   * elsewhere would go to a second allocation. URL_HREF_END is the href's
   * length, not a field: a sixteenth field would be one more store on every
   * parse for a value the href already holds.
   */
  constructor(href: string, words: Int32Array, at: number, blobOrigin = "null") {
    this._href = href;
    this._schemeEnd = words[at + L.URL_SCHEME_END];
    this._userStart = words[at + L.URL_USER_START];
    this._userEnd = words[at + L.URL_USER_END];
    this._passStart = words[at + L.URL_PASS_START];
    this._passEnd = words[at + L.URL_PASS_END];
    this._hostStart = words[at + L.URL_HOST_START];
    this._hostEnd = words[at + L.URL_HOST_END];
    this._portEnd = words[at + L.URL_PORT_END];
    this._port = words[at + L.URL_PORT];
    this._pathStart = words[at + L.URL_PATH_START];
    this._queryStart = words[at + L.URL_QUERY_START];
    this._fragmentStart = words[at + L.URL_FRAGMENT_START];
    this._flags = words[at + L.URL_FLAGS];
    this._blobOrigin = blobOrigin;
  }

  /** @internal URL_HREF_END of the record. */
  get _hrefEnd(): number {
    return this._href.length;
  }

  get href(): string {
    return this._href;
  }

  get origin(): string {
    return C.origin(this._href, this, this._blobOrigin);
  }

  get protocol(): string {
    return this._href.slice(0, C.protocolEnd(this._schemeEnd));
  }

  get username(): string {
    return this._href.slice(this._userStart, this._userEnd);
  }

  get password(): string {
    return this._href.slice(this._passStart, this._passEnd);
  }

  get host(): string {
    return this._href.slice(C.hostFrom(this._hostStart, this._portEnd, L.NONE), this._portEnd);
  }

  get hostname(): string {
    return this._href.slice(C.hostFrom(this._hostStart, this._hostEnd, L.NONE), this._hostEnd);
  }

  get port(): string {
    return this._href.slice(C.portFrom(this._hostEnd, this._portEnd), this._portEnd);
  }

  get pathname(): string {
    return this._href.slice(
      this._pathStart,
      C.pathEnd(this._queryStart, this._fragmentStart, this._href.length, L.NONE),
    );
  }

  get search(): string {
    const end = C.queryEnd(this._fragmentStart, this._href.length, L.NONE);
    return this._href.slice(C.searchFrom(this._queryStart, end, L.NONE), end);
  }

  get hash(): string {
    const end = this._href.length;
    return this._href.slice(C.hashFrom(this._fragmentStart, end, L.NONE), end);
  }

  /** Each getter's value as a range of `href` (UrlRanges): the getters' own rules, as numbers. */
  ranges(): UrlRanges {
    const end = this._href.length;
    const searchEnd = C.queryEnd(this._fragmentStart, end, L.NONE);
    return {
      protocolEnd: C.protocolEnd(this._schemeEnd),
      usernameStart: this._userStart,
      usernameEnd: this._userEnd,
      passwordStart: this._passStart,
      passwordEnd: this._passEnd,
      hostnameStart: C.hostFrom(this._hostStart, this._hostEnd, L.NONE),
      hostnameEnd: this._hostEnd,
      portStart: C.portFrom(this._hostEnd, this._portEnd),
      portEnd: this._portEnd,
      pathnameStart: this._pathStart,
      pathnameEnd: C.pathEnd(this._queryStart, this._fragmentStart, end, L.NONE),
      searchStart: C.searchFrom(this._queryStart, searchEnd, L.NONE),
      searchEnd,
      hashStart: C.hashFrom(this._fragmentStart, end, L.NONE),
    };
  }

  toString(): string {
    return this._href;
  }

  toJSON(): string {
    return this._href;
  }

  [inspect](): string {
    return `ParsedUrl { ${this._href} }`;
  }
}
