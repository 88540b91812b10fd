// split(): RFC 3986 / RFC 1738 generic syntax, no normalisation (API.md section 3).
// The kernel finds the component offsets; the strings are slices of the input,
// made when a property is read.

import * as L from "../assembly/layout";
import type { Arena } from "./kernel/arena";
import { expectString } from "./check";

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

export class UrlParts implements UrlPartsJSON {
  /** @internal */
  constructor(
    private readonly input: string,
    private readonly offsets: readonly number[],
  ) {}

  private part(start: number, end: number): string | null {
    const s = this.offsets[start];
    return s === L.NONE ? null : this.input.slice(s, this.offsets[end]);
  }

  /** The scheme as written (not lower-cased), without ":". */
  get scheme(): string | null {
    const end = this.offsets[L.SPLIT_SCHEME_END];
    return end === L.NONE ? null : this.input.slice(0, end);
  }
  get user(): string | null {
    return this.part(L.SPLIT_USER_START, L.SPLIT_USER_END);
  }
  get password(): string | null {
    return this.part(L.SPLIT_PASS_START, L.SPLIT_PASS_END);
  }
  get host(): string | null {
    return this.part(L.SPLIT_HOST_START, L.SPLIT_HOST_END);
  }
  get port(): string | null {
    return this.part(L.SPLIT_PORT_START, L.SPLIT_PORT_END);
  }
  get path(): string {
    return this.input.slice(this.offsets[L.SPLIT_PATH_START], this.offsets[L.SPLIT_PATH_END]);
  }
  get query(): string | null {
    return this.part(L.SPLIT_QUERY_START, L.SPLIT_QUERY_END);
  }
  get fragment(): string | null {
    return this.part(L.SPLIT_FRAG_START, L.SPLIT_FRAG_END);
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
  const { kernel } = arena;
  const first = L.RESULT >> 2;
  /** Split `input` into its RFC 3986 / RFC 1738 components as written. Never fails. */
  function split(input: string): UrlParts {
    expectString(input, "split", "input");
    const len = arena.input(input);
    kernel.split(L.ARENA, len);
    if (!arena.inputAscii) kernel.utf16Offsets(L.ARENA, L.SPLIT_FIELDS);
    // An array literal of the 15 offsets: allocated far faster than an Int32Array slice (~50 ns).
    const o = arena.i32;
    const f = first;
    return new UrlParts(input, [
      o[f], o[f + 1], o[f + 2], o[f + 3], o[f + 4], o[f + 5], o[f + 6], o[f + 7],
      o[f + 8], o[f + 9], o[f + 10], o[f + 11], o[f + 12], o[f + 13], o[f + 14],
    ]);
  }
  return { split };
}
