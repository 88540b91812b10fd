// The Url class: one serialized href plus the offsets of its components
// (assembly/layout.ts draws them). Every getter is a slice of the href, made
// when it is read; the WHATWG URL API's getters (#urlutils-members) are
// defined on that record.

import * as L from "../../assembly/layout";

const inspect = Symbol.for("nodejs.util.inspect.custom");

/** The fields of a parse result, read from the kernel's RESULT record. */
export interface UrlRecord {
  schemeEnd: number;
  userStart: number;
  userEnd: number;
  passStart: number;
  passEnd: number;
  hostStart: number;
  hostEnd: number;
  portEnd: number;
  port: number;
  pathStart: number;
  queryStart: number;
  fragmentStart: number;
  flags: number;
}

/** The record whose fields (layout.ts, URL_SCHEME_END to URL_FLAGS) start at index `at` of `words`. */
export function recordAt(words: Int32Array, at: number): UrlRecord {
  return {
    schemeEnd: words[at + L.URL_SCHEME_END],
    userStart: words[at + L.URL_USER_START],
    userEnd: words[at + L.URL_USER_END],
    passStart: words[at + L.URL_PASS_START],
    passEnd: words[at + L.URL_PASS_END],
    hostStart: words[at + L.URL_HOST_START],
    hostEnd: words[at + L.URL_HOST_END],
    portEnd: words[at + L.URL_PORT_END],
    port: words[at + L.URL_PORT],
    pathStart: words[at + L.URL_PATH_START],
    queryStart: words[at + L.URL_QUERY_START],
    fragmentStart: words[at + L.URL_FRAGMENT_START],
    flags: words[at + L.URL_FLAGS],
  };
}

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

  /** @internal Made by parse(); not for use directly. */
  constructor(href: string, r: UrlRecord, blobOrigin = "null") {
    this._href = href;
    this._schemeEnd = r.schemeEnd;
    this._userStart = r.userStart;
    this._userEnd = r.userEnd;
    this._passStart = r.passStart;
    this._passEnd = r.passEnd;
    this._hostStart = r.hostStart;
    this._hostEnd = r.hostEnd;
    this._portEnd = r.portEnd;
    this._port = r.port;
    this._pathStart = r.pathStart;
    this._queryStart = r.queryStart;
    this._fragmentStart = r.fragmentStart;
    this._flags = r.flags;
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
    return this._hostStart === L.NONE ? "" : this._href.slice(this._hostStart, this._portEnd);
  }

  get hostname(): string {
    return this._hostStart === L.NONE ? "" : this._href.slice(this._hostStart, this._hostEnd);
  }

  get port(): string {
    return this._port === L.NONE ? "" : this._href.slice(this._hostEnd + 1, this._portEnd);
  }

  get pathname(): string {
    return this._href.slice(this._pathStart, this.pathEnd());
  }

  get search(): string {
    const q = this._queryStart;
    if (q === L.NONE) return "";
    const end = this._fragmentStart === L.NONE ? this._href.length : this._fragmentStart;
    // "If this's URL's query is either null or the empty string, return the empty string."
    return end - q <= 1 ? "" : this._href.slice(q, end);
  }

  get hash(): string {
    const f = this._fragmentStart;
    return f === L.NONE || this._href.length - f <= 1 ? "" : this._href.slice(f);
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

  /** @internal End of the path: the query, the fragment or the href's end. */
  pathEnd(): number {
    if (this._queryStart !== L.NONE) return this._queryStart;
    return this._fragmentStart === L.NONE ? this._href.length : this._fragmentStart;
  }
}
