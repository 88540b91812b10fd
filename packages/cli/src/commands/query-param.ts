// The first value of a query parameter (`stats --by param:NAME`) read from
// the bytes of a URL's search, with no string a line: the value's raw bytes
// are its key, decoded once per distinct key at the end (formValue()), so
// that keys written apart ("a+b", "a%20b") that decode the same are counted
// as one, as URLSearchParams(url.search).get(NAME) gives them.
//
// The URL Standard, "application/x-www-form-urlencoded parsing": split the
// input at "&", skip empty sequences, the name is what comes before the
// first "=" (the whole sequence where there is none, the value then ""),
// then replace "+" by a space and percent-decode both. A name without "%"
// and "+" is its bytes as they are (an href is ASCII), so it is compared
// as bytes; one with either is left to URLSearchParams (UNSURE).

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
const PLUS = 0x2b;
const QUESTION = 0x3f;

/** find(): the query has no parameter of the name. */
export const PARAM_NONE = -1;
/** find(): a name before the parameter's needs decoding to be compared; the caller asks URLSearchParams. */
export const PARAM_UNSURE = -2;

const encoder = new TextEncoder();
const latin1 = new TextDecoder("latin1");

export class QueryParam {
  private readonly name: Uint8Array;
  /** Where the value last found ends (find()). */
  end = 0;

  constructor(name: string) {
    this.name = encoder.encode(name);
  }

  /**
   * In the search [a, b) of `bytes` ("?" and the query, or nothing), where
   * the first value of the parameter starts (it ends at `end`), else
   * PARAM_NONE or PARAM_UNSURE.
   */
  find(bytes: Uint8Array, a: number, b: number): number {
    let p = a < b && bytes[a] === QUESTION ? a + 1 : a;
    while (p < b) {
      let end = p;
      let equals = -1;
      let encoded = false;
      for (; end < b; end++) {
        const c = bytes[end];
        if (c === AMPERSAND) break;
        if (equals !== -1) continue;
        if (c === EQUALS) equals = end;
        else if (c === PERCENT || c === PLUS) encoded = true;
      }
      const nameEnd = equals === -1 ? end : equals;
      if (end > p) {
        if (encoded) return PARAM_UNSURE;
        if (this.named(bytes, p, nameEnd)) {
          this.end = end;
          return equals === -1 ? end : equals + 1;
        }
      }
      p = end + 1;
    }
    return PARAM_NONE;
  }

  /** Whether [a, b) of `bytes` is the name. */
  private named(bytes: Uint8Array, a: number, b: number): boolean {
    const { name } = this;
    if (b - a !== name.length) return false;
    for (let k = 0; k < name.length; k++) if (bytes[a + k] !== name[k]) return false;
    return true;
  }
}

/** A value's raw bytes (of an href: ASCII) decoded as URLSearchParams decodes a value: "+" a space, escapes as UTF-8 (U+FFFD for invalid sequences). */
export function formValue(raw: Uint8Array): string {
  return new URLSearchParams(`v=${latin1.decode(raw)}`).get("v")!;
}
