// URLPatternInit processing (https://urlpattern.spec.whatwg.org/#canon-processing-for-init):
// a dictionary of components, with a base URL that fills in the ones left out,
// made into pattern strings ("pattern") or canonical URL components ("url").
import { type Canonicalizers, hasOpaquePath, type PatternCore } from "./canonicalize.js";
import { isSpecialScheme } from "../whatwg/special.js";
import { urlComponents } from "./url-input.js";
import { escapePatternString } from "./escape.js";
import { URL_GETTERS, type UrlGetter } from "../whatwg/getters.js";

/** The URLPatternInit dictionary: each component's pattern string (or value), and a base URL. */
export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

/** A URL as test() and exec() take it, or a pattern as the constructor does: a string or a dictionary of components. */
export type URLPatternInput = string | URLPatternInit;

/** A component: a string getter of the URL API that reads one component of the URL record (href, origin and host join several). */
export type ComponentName = Exclude<UrlGetter, "href" | "origin" | "host">;
/** @internal The eight components, in the order of a URL. */
export const COMPONENTS: readonly ComponentName[] = URL_GETTERS.filter(
  (name): name is ComponentName => name !== "href" && name !== "origin" && name !== "host",
);

/** "pattern" for a URLPattern's own init, "url" for the one test() and exec() are given. */
type InitType = "pattern" | "url";

/** "Process a base URL string". */
function baseString(input: string, type: InitType): string {
  return type === "pattern" ? escapePatternString(input) : input;
}

/** "Is an absolute pathname". */
function isAbsolutePathname(input: string, type: InitType): boolean {
  if (input === "") return false;
  if (input[0] === "/") return true;
  if (type === "url" || input.length < 2) return false;
  return (input[0] === "\\" || input[0] === "{") && input[1] === "/";
}

/** `value` without one leading (trailing) `c`. */
function stripLeading(value: string, c: string): string {
  return value[0] === c ? value.slice(1) : value;
}

/**
 * "Process a URLPatternInit", with every component initially null: the result
 * has the components the init or its base URL gives. Throws a TypeError on a
 * base URL that does not parse, and where a "url" component is failure.
 */
export function processInit(
  init: URLPatternInit,
  type: InitType,
  core: PatternCore,
  canon: Canonicalizers,
): URLPatternInit {
  const result: URLPatternInit = {};
  const given = (...names: ComponentName[]) => names.some((name) => init[name] !== undefined);
  /** The base URL's path up to its last "/", where a relative pathname is resolved against it. */
  let baseDirectory: string | null = null;
  if (init.baseURL !== undefined) {
    const baseURL = core.parse(init.baseURL);
    if (baseURL === null) throw new TypeError(`Invalid base URL in URL pattern: ${JSON.stringify(init.baseURL)}`);
    const [protocol, username, password, hostname, port, pathname, search, hash] = urlComponents(baseURL) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // A component is inherited only where the init gives none as specific
    // (protocol, hostname, port, pathname, search, hash); username and
    // password only for "url", and never past a protocol, hostname or port.
    if (!given("protocol")) result.protocol = baseString(protocol, type);
    if (type !== "pattern" && !given("protocol", "hostname", "port", "username"))
      result.username = baseString(username, type);
    if (type !== "pattern" && !given("protocol", "hostname", "port", "username", "password"))
      result.password = baseString(password, type);
    if (!given("protocol", "hostname")) result.hostname = baseString(hostname, type);
    if (!given("protocol", "hostname", "port")) result.port = port;
    if (!given("protocol", "hostname", "port", "pathname")) result.pathname = baseString(pathname, type);
    if (!given("protocol", "hostname", "port", "pathname", "search")) result.search = baseString(search, type);
    if (!given("protocol", "hostname", "port", "pathname", "search", "hash")) result.hash = baseString(hash, type);
    if (!hasOpaquePath(baseURL)) {
      const basePath = baseString(pathname, type);
      const slash = basePath.lastIndexOf("/");
      if (slash >= 0) baseDirectory = basePath.slice(0, slash + 1);
    }
  }
  const pattern = type === "pattern";
  if (init.protocol !== undefined) {
    const stripped = init.protocol.endsWith(":") ? init.protocol.slice(0, -1) : init.protocol;
    result.protocol = pattern ? stripped : canon.protocol(stripped);
  }
  if (init.username !== undefined) result.username = pattern ? init.username : canon.username(init.username);
  if (init.password !== undefined) result.password = pattern ? init.password : canon.password(init.password);
  if (init.hostname !== undefined) result.hostname = pattern ? init.hostname : canon.hostname(init.hostname);
  const protocol = result.protocol ?? "";
  if (init.port !== undefined) result.port = pattern ? init.port : canon.port(init.port, protocol);
  if (init.pathname !== undefined) {
    let pathname = init.pathname;
    if (baseDirectory !== null && !isAbsolutePathname(pathname, type)) pathname = baseDirectory + pathname;
    result.pathname = pattern
      ? pathname
      : isSpecialScheme(protocol) || protocol === ""
        ? canon.pathname(pathname)
        : canon.opaquePathname(pathname);
  }
  if (init.search !== undefined) {
    const stripped = stripLeading(init.search, "?");
    result.search = pattern ? stripped : canon.search(stripped);
  }
  if (init.hash !== undefined) {
    const stripped = stripLeading(init.hash, "#");
    result.hash = pattern ? stripped : canon.hash(stripped);
  }
  return result;
}
