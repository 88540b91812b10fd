// split(): RFC 3986 / RFC 1738 generic syntax, no normalisation (docs/api.md section 3).
// The kernel finds the component offsets; the strings are slices of the input,
// made when a property is read.

import * as L from "../../assembly/layout.js";
import type { Arena } from "../kernel/arena.js";
import { expectString } from "../arguments/check.js";
import { withoutPrefix } from "./prefix.js";

/** The components of a URL as written. `null` = absent, `''` = present but empty. */
export interface UrlPartsJSON {
  scheme: string | null;
  user: string | null;
  password: string | null;
  host: string | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

const inspect = Symbol.for("nodejs.util.inspect.custom");

/** A component's [start, end) in the input, or null where start is NONE. */
function slice(input: string, start: number, end: number): string | null {
  return start === L.NONE ? null : input.slice(start, end);
}

export class UrlParts implements UrlPartsJSON {
  private readonly input: string;
  private readonly schemeEnd: number;
  private readonly userStart: number;
  private readonly userEnd: number;
  private readonly passStart: number;
  private readonly passEnd: number;
  private readonly hostStart: number;
  private readonly hostEnd: number;
  private readonly portStart: number;
  private readonly portEnd: number;
  private readonly pathStart: number;
  private readonly pathEnd: number;
  private readonly queryStart: number;
  private readonly queryEnd: number;
  private readonly fragStart: number;
  private readonly fragEnd: number;

  /**
   * @internal The kernel's split record (layout.ts SPLIT_*) read from index
   * `at` of `record`, one field per offset: one allocation a call, where an
   * array of them would be a second. The record is read here rather than
   * passed as sixteen arguments: a call of that size is too big for V8 to
   * inline into split()'s callers, and a construct call that is not inlined
   * is dear.
   */
  constructor(input: string, record: Int32Array, at: number) {
    this.input = input;
    this.schemeEnd = record[at + L.SPLIT_SCHEME_END];
    this.userStart = record[at + L.SPLIT_USER_START];
    this.userEnd = record[at + L.SPLIT_USER_END];
    this.passStart = record[at + L.SPLIT_PASS_START];
    this.passEnd = record[at + L.SPLIT_PASS_END];
    this.hostStart = record[at + L.SPLIT_HOST_START];
    this.hostEnd = record[at + L.SPLIT_HOST_END];
    this.portStart = record[at + L.SPLIT_PORT_START];
    this.portEnd = record[at + L.SPLIT_PORT_END];
    this.pathStart = record[at + L.SPLIT_PATH_START];
    this.pathEnd = record[at + L.SPLIT_PATH_END];
    this.queryStart = record[at + L.SPLIT_QUERY_START];
    this.queryEnd = record[at + L.SPLIT_QUERY_END];
    this.fragStart = record[at + L.SPLIT_FRAG_START];
    this.fragEnd = record[at + L.SPLIT_FRAG_END];
  }

  /** The scheme as written (not lower-cased), without ":". */
  get scheme(): string | null {
    return this.schemeEnd === L.NONE ? null : this.input.slice(0, this.schemeEnd);
  }
  get user(): string | null {
    return slice(this.input, this.userStart, this.userEnd);
  }
  get password(): string | null {
    return slice(this.input, this.passStart, this.passEnd);
  }
  get host(): string | null {
    return slice(this.input, this.hostStart, this.hostEnd);
  }
  get port(): string | null {
    return slice(this.input, this.portStart, this.portEnd);
  }
  get path(): string {
    return this.input.slice(this.pathStart, this.pathEnd);
  }
  get query(): string | null {
    return slice(this.input, this.queryStart, this.queryEnd);
  }
  get fragment(): string | null {
    return slice(this.input, this.fragStart, this.fragEnd);
  }

  /** A plain object with every component. */
  toJSON(): UrlPartsJSON {
    const { scheme, user, password, host, port, path, query, fragment } = this;
    return { scheme, user, password, host, port, path, query, fragment };
  }

  [inspect](): UrlPartsJSON {
    return this.toJSON();
  }
}

export function splitApi(arena: Arena) {
  const { core } = arena;
  const first = L.RESULT >> 2;

  /**
   * Split `input` into its RFC 3986 / RFC 1738 components as written, after
   * RFC 1738's "URL:" prefix if there is one (prefix.ts). Never fails.
   */
  function split(input: string): UrlParts {
    expectString(input, "split", "input");
    input = withoutPrefix(input);
    const len = arena.input(input);
    core.split(L.ARENA, len);
    if (!arena.inputAscii) core.utf16Offsets(L.ARENA, L.SPLIT_FIELDS);
    return new UrlParts(input, arena.i32, first);
  }
  return { split };
}
