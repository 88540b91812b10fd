// The URL Pattern Standard's encoding callbacks (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks):
// each component's fixed text canonicalized as the URL parser would write it,
// by swurl's own parser and setters run on a dummy URL.
import * as L from "../../assembly/layout.js";
import type { Arena } from "../kernel/arena.js";
import type { ParseApi } from "../whatwg/parse.js";
import { PARTS, type Setters } from "../whatwg/setters.js";
import { defaultPortOf } from "../whatwg/special.js";
import type { ParsedUrl } from "../whatwg/url.js";

/** What URLPattern runs on: one API instance's parser and setters. */
export interface PatternCore {
  parse: ParseApi["parse"];
  set: Setters["set"];
  /** The memory the compiled matchers run in (url-matcher.ts). */
  arena: Arena;
}

/** Whether a parsed URL's path is opaque ("has an opaque path"). */
export function hasOpaquePath(url: ParsedUrl): boolean {
  return (url._flags & L.FLAG_OPAQUE_PATH) !== 0;
}

function fail(what: string, value: string): never {
  throw new TypeError(`Invalid ${what} in URL pattern: ${JSON.stringify(value)}`);
}

/** The canonicalizers, bound to one API instance's parser and setters. */
export interface Canonicalizers {
  protocol(value: string): string;
  username(value: string): string;
  password(value: string): string;
  hostname(value: string): string;
  ipv6Hostname(value: string): string;
  /** "Canonicalize a port"; `protocol` given (match time) picks the default port that becomes "". */
  port(value: string, protocol?: string): string;
  pathname(value: string): string;
  opaquePathname(value: string): string;
  search(value: string): string;
  hash(value: string): string;
}

// Text that each canonicalizer returns as it is: ASCII that no percent-encode
// set of its component holds, and nothing else the parser rewrites (in a path
// no "\\", no "%" (of "%2e"), and no "." or ".." after a "/", which are dot
// segments; hostnames of
// lowercase letters, digits, "-" and "." whose last label has a letter past
// "f" other than "x", so that no IPv4 number ("0x1f") is read, and no "xn--"). Such text, most of a
// route's, skips the kernel.
const PLAIN_PROTOCOL = /^[a-z][a-z0-9+.-]*$/;
const PLAIN_USERINFO = /^[\w~!$&'()*+,%-]*$/;
const PLAIN_HOSTNAME = /^[a-z0-9.-]*[g-wyz][a-z0-9-]*$/;
const PLAIN_PORT = /^(?:0|[1-9]\d{0,3})$/;
const PLAIN_PATH = /^[\w~/!$&'()*+,;=:@.-]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
const PLAIN_OPAQUE_PATH = /^[!"$-'*->@-~]*$/;
const PLAIN_QUERY = /^[\w~/?.!$&()*+,;=:@%-]*$/;

export function canonicalizers(core: PatternCore): Canonicalizers {
  // "Create a dummy URL": Urls never change, so one serves every call.
  const dummy = core.parse("https://dummy.invalid/") as ParsedUrl;
  /** A URL without a default port, for ports canonicalized without a protocol (as Chromium and Node do). */
  const portless = core.parse("non-special://dummy.invalid/") as ParsedUrl;
  const special = new Map<string, ParsedUrl>();

  /** Setter `part` on `url`, or a TypeError where the value is failure. */
  function set(url: ParsedUrl, part: number, value: string, what: string): ParsedUrl {
    return core.set(url, part, value) ?? fail(what, value);
  }

  return {
    protocol(value) {
      if (PLAIN_PROTOCOL.test(value) || value === "") return value;
      // The basic URL parser on value + "://dummy.invalid/", not the protocol setter's rules.
      const url = core.parse(`${value}://dummy.invalid/`) ?? fail("protocol", value);
      return url.protocol.slice(0, -1);
    },
    username(value) {
      return PLAIN_USERINFO.test(value) ? value : set(dummy, PARTS.username, value, "username").username;
    },
    password(value) {
      return PLAIN_USERINFO.test(value) ? value : set(dummy, PARTS.password, value, "password").password;
    },
    hostname(value) {
      if (value === "" || (PLAIN_HOSTNAME.test(value) && !value.includes("xn--"))) return value;
      return set(dummy, PARTS.hostname, value, "hostname").hostname;
    },
    ipv6Hostname(value) {
      // Hex digits, "[", "]" and ":" only, ASCII-lowercased.
      if (!/^[\da-f[\]:]*$/i.test(value)) fail("IPv6 hostname", value);
      return value.toLowerCase();
    },
    port(value, protocol) {
      // Four digits at most: no port out of range, and none a default port.
      if (value === "" || (PLAIN_PORT.test(value) && protocol === undefined)) return value;
      let url = portless;
      if (protocol !== undefined && defaultPortOf(protocol) !== null) {
        url = special.get(protocol) as ParsedUrl;
        if (url === undefined) {
          url = core.parse(`${protocol}://dummy.invalid/`) as ParsedUrl;
          special.set(protocol, url);
        }
      }
      return set(url, PARTS.port, value, "port").port;
    },
    pathname(value) {
      if (PLAIN_PATH.test(value) && !DOT_SEGMENT.test(value)) return value;
      // A piece of a path: "/-" keeps the parser from adding a "/" of its own
      // or reading a leading "." as a dot segment; it is cut off again. Where
      // a ".." of the piece removed the "-" segment there is nothing to cut:
      // Chromium and Node throw a TypeError, and so does this.
      const leadingSlash = value[0] === "/";
      if (leadingSlash) return set(dummy, PARTS.pathname, value, "pathname").pathname;
      const path = set(dummy, PARTS.pathname, `/-${value}`, "pathname").pathname;
      return path.startsWith("/-") ? path.slice(2) : fail("pathname", value);
    },
    opaquePathname(value) {
      if (PLAIN_OPAQUE_PATH.test(value)) return value;
      // The opaque path state on the value: it ends at "?" or "#" (where a
      // space before it becomes "%20"). Parsed as "a:-<path>?" or "a:-<path>X",
      // so that nothing at either end is stripped; the added units are cut off.
      const cut = value.search(/[?#]/);
      const path = (core.parse(cut < 0 ? `a:-${value}X` : `a:-${value.slice(0, cut)}?`) as ParsedUrl).pathname;
      return cut < 0 ? path.slice(1, -1) : path.slice(1);
    },
    search(value) {
      // The setter drops one leading "?": given one, it runs the query state on all of the value.
      return PLAIN_QUERY.test(value) ? value : set(dummy, PARTS.search, `?${value}`, "search").search.slice(1);
    },
    hash(value) {
      return PLAIN_QUERY.test(value) ? value : set(dummy, PARTS.hash, `#${value}`, "hash").hash.slice(1);
    },
  };
}
