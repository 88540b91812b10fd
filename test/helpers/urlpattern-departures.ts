// The departures of both engines from the URL Pattern Standard that the
// differential knows by name (urlpattern-differential.ts, urlpattern-chromium.ts).
// Where an answer of swurl's to a pair is neither Node 24's nor Chromium's,
// the pair counts as explained only where one kind's check holds on it. Each
// check names the standard's step that the engines skip, and is mechanical:
// swurl's differing answer must be the standard's as whatwg-url's URL parser
// makes it (urlpattern-standard.ts); the pair must have what makes the
// engines skip the step (a protocol, a code point, a character in their
// answer); and but for Chromium's standard schemes, the engines' answer and
// swurl's must be that step apart: the step done on an engine's pattern
// string, or the engines run again on the pair with the step done by hand.
import { builds } from "./builds";
import { chromiumAnswers, crashed, hasTabOrNewline, neither, type Undecided } from "./urlpattern-chromium";
import { nativeURLPattern, observe, type PatternPair } from "./urlpattern-differential";
import {
  canonicalizeHostname,
  canonicalizeOpaquePathname,
  canonicalizePathname,
  fixedText,
  recanonicalize,
  type StandardPattern,
  standardPattern,
} from "./urlpattern-standard";
import { DEFAULT_OPTIONS, PATHNAME_OPTIONS } from "../../src/urlpattern/parts";

type PatternClass = Parameters<typeof observe>[0];
/** swurl's URLPattern (the first build). */
const swurlURLPattern = (builds[0] as (typeof builds)[number])[1].URLPattern as unknown as PatternClass;

/** The value of a getter line ("pathname: \"/a\""), or null where there is none. */
function getter(lines: string[], name: string): string | null {
  const line = lines.find((l) => l.startsWith(`${name}: `));
  return line === undefined ? null : (JSON.parse(line.slice(name.length + 2)) as string);
}

const throws = (lines: string[]) => lines[0]?.startsWith("constructor throws") === true;

/**
 * Schemes Chromium counts as standard beyond the special ones (each found in
 * Chromium 156, test/urlpattern/departures.test.ts: a pattern with one of
 * these protocols gets another pathname there than an opaque one).
 */
export const CHROMIUM_STANDARD_SCHEMES = [
  "chrome",
  "chrome-distiller",
  "chrome-error",
  "chrome-extension",
  "chrome-native",
  "chrome-search",
  "chrome-untrusted",
  "devtools",
  "filesystem",
  "isolated-app",
];
const SPECIAL_SCHEMES = ["ftp", "file", "http", "https", "ws", "wss"];

/** Whether the standard's protocol component matches one of `schemes`. */
function matchesOneOf(standard: StandardPattern, schemes: string[]): boolean {
  return schemes.some((scheme) => standard.protocol.regexp.test(scheme));
}

/** Whether swurl's pathname is all of swurl's that is neither engine's, and is the standard's. */
function standardPathnameOnly(entry: Undecided, standard: StandardPattern): boolean {
  const onlyPathname = entry.lines.every((k) => (entry.swurl[k] as string).startsWith("pathname: "));
  return onlyPathname && getter(entry.swurl, "pathname") === standard.pathname;
}

/** Neither the standard nor Chromium takes the pathname for a special URL's: both take the opaque callback. */
function opaqueInBoth(standard: StandardPattern): boolean {
  return !matchesOneOf(standard, SPECIAL_SCHEMES) && !matchesOneOf(standard, CHROMIUM_STANDARD_SCHEMES);
}

/**
 * "Chromium's standard schemes": the standard picks the pathname's encoding
 * callback by "protocol component matches a special scheme" ("If the result
 * ... is true, then set urlPattern's pathname component to the result of
 * compiling a component given processedInit["pathname"], canonicalize a
 * pathname, and compileOptions with the pathname options. Otherwise set ...
 * canonicalize an opaque pathname"), over the special schemes alone, and so
 * does the constructor string parser's "protocol matches a special scheme
 * flag". Chromium counts its own standard schemes too (and throws on some
 * of their pathnames: "filesystem"). The check: the protocol matches one of
 * those and no special scheme, and swurl's pathname, all that differs, is the
 * standard's.
 */
function chromiumStandardScheme(entry: Undecided, standard: StandardPattern): boolean {
  return (
    !matchesOneOf(standard, SPECIAL_SCHEMES) &&
    matchesOneOf(standard, CHROMIUM_STANDARD_SCHEMES) &&
    standardPathnameOnly(entry, standard)
  );
}

/**
 * "? and # in an opaque path": an opaque pathname's fixed text goes through
 * the URL Standard's opaque path state, where "if c is U+003F (?), then set
 * url's query to the empty string and state to query state" and "otherwise,
 * if c is U+0023 (#), then set url's fragment to the empty string and state
 * to fragment state": the path ends there. Chromium keeps both in the path.
 * The check: both take the opaque callback; swurl's pathname, all that
 * differs, is the standard's; and Chromium's has a "?" or "#" in its fixed
 * text, and put through "canonicalize an opaque pathname", is swurl's.
 */
function queryOrFragmentInOpaquePath(entry: Undecided, standard: StandardPattern): boolean {
  if (!opaqueInBoth(standard) || !standardPathnameOnly(entry, standard)) return false;
  const chromium = getter(entry.chromium, "pathname");
  if (chromium === null || !/[?#]/.test(fixedText(chromium, DEFAULT_OPTIONS))) return false;
  return recanonicalize(chromium, DEFAULT_OPTIONS, canonicalizeOpaquePathname) === getter(entry.swurl, "pathname");
}

/**
 * "Tabs and newlines in an opaque path": the basic URL parser, which the
 * opaque pathname's callback runs, starts with "remove all ASCII tab or
 * newline from input"; Chromium keeps them ("%09", "%0A", "%0D").
 * urlpattern-chromium.ts takes them out of Chromium's pathname line as text,
 * which is not enough where a group's name is followed by one of them and a
 * name code point (":o\tr": the standard's fixed text "r" makes the group
 * "{:o}r"). The check: the pattern has a tab or newline; both take the opaque
 * callback; swurl's pathname, all that differs, is the standard's; and
 * Chromium's as it answered, those three taken out of its parts' fixed text,
 * is swurl's.
 */
function tabOrNewlineInOpaquePath(entry: Undecided, standard: StandardPattern): boolean {
  if (!hasTabOrNewline(entry.pair.pattern) || !opaqueInBoth(standard) || !standardPathnameOnly(entry, standard))
    return false;
  const chromium = getter(entry.chromiumSeen, "pathname");
  const removed = (value: string) => value.replace(/%0[9AD]/g, "");
  return chromium !== null && recanonicalize(chromium, DEFAULT_OPTIONS, removed) === getter(entry.swurl, "pathname");
}

/**
 * "Chromium crashes, Node 24 takes the pathname for a special URL's": some
 * patterns crash Chromium's page (`new URLPattern({ search: "\\?:x" })`, an
 * escaped "?" before a named group in the search), which leaves Node 24 the
 * only oracle; and Node 24 compiles some pathnames with "canonicalize a
 * pathname", where the standard takes "canonicalize an opaque pathname" for
 * a protocol that matches no special scheme ("Otherwise set urlPattern's
 * pathname component to the result of compiling a component given
 * processedInit["pathname"], canonicalize an opaque pathname, and
 * compileOptions"). The check: Chromium's page crashed on the pair; the
 * protocol matches no special scheme; swurl's pathname, all that differs,
 * is the standard's; and put through "canonicalize a pathname" with the
 * pathname options, it is Node 24's.
 */
function specialPathnameWhereChromiumCrashes(entry: Undecided, standard: StandardPattern): boolean {
  if (!crashed(entry.chromiumSeen) || matchesOneOf(standard, SPECIAL_SCHEMES)) return false;
  if (!standardPathnameOnly(entry, standard)) return false;
  const swurl = getter(entry.swurl, "pathname") as string;
  return recanonicalize(swurl, PATHNAME_OPTIONS, canonicalizePathname) === getter(entry.node, "pathname");
}

/** Every string in a pattern's or input's arguments, `change` applied. */
function mapStrings(value: unknown, change: (s: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, change));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}

/** A code point that this engine's Unicode has as unassigned and whatwg-url's host parser takes in a domain. */
function newerCodePoint(c: string): boolean {
  if (!/\p{Cn}/u.test(c)) return false;
  try {
    canonicalizeHostname(`a${c}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A pair to run again in both engines, the step done by hand: then each of
 * swurl's answers to the pair as it was must be Node 24's or Chromium's, but
 * for the getter `changes` (where the step changes the answer), which is
 * swurl's on the changed pair.
 */
interface Rerun {
  kind: string;
  pair: PatternPair;
  changes?: string;
}

/**
 * "Code points newer than the engines' Unicode": "canonicalize a hostname"
 * runs the host parser, whose "domain to ASCII" is UTS #46 ToASCII; a code
 * point that an engine's Unicode data has as unassigned is disallowed there,
 * so the constructor throws, where whatwg-url (tr46 7, Unicode 18 data) and
 * swurl take it. The check: both engines throw at the constructor and swurl
 * makes a pattern, whose hostname is the standard's; the pair has code
 * points that this engine's Unicode has as unassigned and whatwg-url's host
 * parser takes; and with each of those replaced by "a", an engine makes the
 * pattern, and every answer of swurl's to the pair (its hostname: to the
 * changed pair) is Node 24's or Chromium's to the changed pair.
 */
function newerUnicode(entry: Undecided, standard: StandardPattern | null): Rerun | null {
  if (throws(entry.swurl) || !throws(entry.node) || !throws(entry.chromium)) return null;
  if (standard === null || getter(entry.swurl, "hostname") !== standard.hostname) return null;
  if (![...JSON.stringify(entry.pair)].some(newerCodePoint)) return null;
  const replace = (s: string) => [...s].map((c) => (newerCodePoint(c) ? "a" : c)).join("");
  const pair = mapStrings(entry.pair, replace) as PatternPair;
  return { kind: "code points newer than the engines' Unicode", pair, changes: "hostname" };
}

/**
 * "Controls and spaces in a protocol": "canonicalize a protocol" runs the
 * basic URL parser on the protocol's fixed text followed by
 * "://dummy.invalid/", which begins "remove any leading and trailing C0
 * control or space from input" and "remove all ASCII tab or newline from
 * input"; Node 24 throws on such a protocol instead, Chromium on some. The
 * check: an engine throws at the constructor where swurl makes a pattern,
 * whose protocol is the standard's; the protocol's fixed text has a C0
 * control or space; and with the protocol given as the standard's pattern
 * string (the pattern as an init dictionary), an engine makes the pattern
 * and every answer of swurl's to the pair as it was is Node 24's or
 * Chromium's.
 */
function controlsInProtocol(entry: Undecided, standard: StandardPattern | null): Rerun | null {
  if (throws(entry.swurl) || !(throws(entry.node) || throws(entry.chromium))) return null;
  if (standard === null || getter(entry.swurl, "protocol") !== standard.protocol.patternString) return null;
  if (!/[\0- ]/.test(fixedText(standard.protocolInput, DEFAULT_OPTIONS))) return null;
  // The options dictionary, where given, follows the pattern (and its base URL).
  const options = entry.pair.pattern.slice(1).filter((arg) => typeof arg === "object" && arg !== null);
  const init = { ...standard.init, protocol: standard.protocol.patternString };
  const pair = { pattern: [init, ...options], inputs: entry.pair.inputs };
  return { kind: "controls and spaces in a protocol", pair };
}

/** The kinds decided on the three answers as they are, in the order tried. */
const ON_THE_ANSWERS: [string, (entry: Undecided, standard: StandardPattern) => boolean][] = [
  ["Chromium's standard schemes", chromiumStandardScheme],
  ["? and # in an opaque path", queryOrFragmentInOpaquePath],
  ["tabs and newlines in an opaque path", tabOrNewlineInOpaquePath],
  ["Chromium crashes, Node 24 takes the pathname for a special URL's", specialPathnameWhereChromiumCrashes],
];

/**
 * The known departure that explains each undecided pair, or null. The checks
 * that run a changed pair again do so in Node 24 (this engine's URLPattern)
 * and in Chromium, all such pairs at once.
 */
export async function departures(entries: Undecided[]): Promise<(string | null)[]> {
  const kinds: (string | null)[] = entries.map(() => null);
  const reruns = new Map<number, Rerun>();
  entries.forEach((entry, i) => {
    const standard = standardPattern(entry.pair.pattern);
    const seen = standard === null ? undefined : ON_THE_ANSWERS.find(([, check]) => check(entry, standard));
    if (seen !== undefined) kinds[i] = seen[0];
    else {
      const rerun = newerUnicode(entry, standard) ?? controlsInProtocol(entry, standard);
      if (rerun !== null) reruns.set(i, rerun);
    }
  });
  if (reruns.size === 0 || nativeURLPattern === undefined) return kinds;
  const browser = await chromiumAnswers([...reruns.values()].map((r) => r.pair));
  [...reruns].forEach(([i, rerun], k) => {
    const engines = [observe(nativeURLPattern as PatternClass, rerun.pair), browser[k] as string[]];
    const changed = rerun.changes === undefined ? [] : observe(swurlURLPattern, rerun.pair);
    const swurl = (entries[i] as Undecided).swurl.map((line) =>
      rerun.changes !== undefined && line.startsWith(`${rerun.changes}: `)
        ? (changed.find((l) => l.startsWith(`${rerun.changes}: `)) ?? line)
        : line,
    );
    if (!engines.every(throws) && neither(swurl, engines).length === 0) kinds[i] = rerun.kind;
  });
  return kinds;
}
