// The Url class: one serialized href plus the offsets of its components
// (assembly/layout.ts draws them). Every getter is a slice of the href, made
// when it is read; the WHATWG URL API's getters (#urlutils-members) are
// defined on that record.

import * as L from "../../assembly/layout.js";

const inspect = Symbol.for("nodejs.util.inspect.custom");

export class Url {
  /** @internal */ readonly _href: string;
  /** @internal */ readonly _schemeEnd: number;
  /** @internal */ readonly _userStart: number;
  /** @internal */ readonly _userEnd: number;
  /** @internal */ readonly _passStart: number;
  /** @internal */ readonly _passEnd: number;
  /** @internal */ readonly _hostStart: number;
  /** @internal */ readonly _hostEnd: number;
  /** @internal */ readonly _portEnd: number;
  /** @internal */ readonly _port: number;
  /** @internal */ readonly _pathStart: number;
  /** @internal */ readonly _queryStart: number;
  /** @internal */ readonly _fragmentStart: number;
  /** @internal */ readonly _flags: number;
  /** @internal The origin of a blob: URL, worked out at parse time (it needs a parse). */
  readonly _blobOrigin: string;

  /**
   * @internal Made by parse() and UrlBatch; not for use directly. The record
   * (layout.ts, URL_SCHEME_END to URL_FLAGS) is read from index `at` of
   * `words`, the kernel's memory: no record object is made on the way (one
   * allocation a parse fewer).
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

  get href(): string {
    return this._href;
  }

  /** #dom-url-origin: the ASCII serialization of the URL's origin. */
  get origin(): string {
    const scheme = (this._flags & L.SCHEME_MASK) >> L.SCHEME_SHIFT;
    if (scheme === L.SCHEME_BLOB) return this._blobOrigin;
    // Special schemes other than "file" have a tuple origin: scheme://host[:port].
    if (scheme === L.SCHEME_OTHER || scheme === L.SCHEME_FILE) return "null";
    return this._href.slice(0, this._schemeEnd + 1) + "//" + this._href.slice(this._hostStart, this._portEnd);
  }

  get protocol(): string {
    return this._href.slice(0, this._schemeEnd + 1);
  }

  get username(): string {
    return this._href.slice(this._userStart, this._userEnd);
  }

  get password(): string {
    return this._href.slice(this._passStart, this._passEnd);
  }

  get host(): string {
    return this._href.slice(this.hostStart(), this._portEnd);
  }

  get hostname(): string {
    return this._href.slice(this.hostStart(), this._hostEnd);
  }

  get port(): string {
    return this._port === L.NONE ? "" : this._href.slice(this._hostEnd + 1, this._portEnd);
  }

  get pathname(): string {
    return this._href.slice(this._pathStart, this.pathEnd());
  }

  get search(): string {
    return this._href.slice(this.searchStart(), this.queryEnd());
  }

  get hash(): string {
    return this._href.slice(this.hashStart());
  }

  toString(): string {
    return this._href;
  }

  toJSON(): string {
    return this._href;
  }

  [inspect](): string {
    return `Url { ${this._href} }`;
  }

  // The getters below the href are these slices of it; the CLI's columnar
  // output copies the href's bytes at the same offsets instead of making the
  // strings (src/cli/fields.ts, HREF_PIECES).

  /** @internal Start of the host; for a null host its end (host and hostname are then ""). */
  hostStart(): number {
    return this._hostStart === L.NONE ? this._hostEnd : this._hostStart;
  }

  /** @internal End of the path: the query, the fragment or the href's end. */
  pathEnd(): number {
    if (this._queryStart !== L.NONE) return this._queryStart;
    return this.queryEnd();
  }

  /** @internal End of the query: the fragment or the href's end. */
  queryEnd(): number {
    return this._fragmentStart === L.NONE ? this._href.length : this._fragmentStart;
  }

  /**
   * @internal Start of `search`: the query's "?", or the query's end where
   * "this's URL's query is either null or the empty string" (search is "").
   */
  searchStart(): number {
    const q = this._queryStart;
    const end = this.queryEnd();
    return q === L.NONE || end - q <= 1 ? end : q;
  }

  /** @internal Start of `hash`: the fragment's "#", or the href's end where the fragment is null or empty (hash is ""). */
  hashStart(): number {
    const f = this._fragmentStart;
    const end = this._href.length;
    return f === L.NONE || end - f <= 1 ? end : f;
  }
}
