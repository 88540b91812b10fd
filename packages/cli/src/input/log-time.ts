// The time of a log line as a number (milliseconds since 1970 UTC), from the
// syntax its format writes (log-program.ts TimeSyntax), for --since, --until
// and --by hour / day; and the ISO 8601 times those options take.

import type { TimeSyntax } from "./log-program.js";

const MONTH_NAMES = "January February March April May June July August September October November December".split(" ");

/** Each month's number (0-11) by its abbreviation, "Jan" to "Dec" (strftime %b). */
const MONTHS: Record<string, number> = Object.fromEntries(MONTH_NAMES.map((name, i) => [name.slice(0, 3), i]));

/** Apache's %t and nginx's $time_local (strftime "%d/%b/%Y:%H:%M:%S %z"). */
const CLF = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/**
 * ISO 8601 (RFC 3339) date and time: a date, then optionally "T" (or, as
 * W3C logs write it, a space) and a time of day with seconds and a fraction,
 * and a zone (Z or ±hh:mm or ±hhmm). Without a zone the time is UTC (W3C
 * logs' time is UTC by definition).
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;

/** Milliseconds of a UTC date and time whose parts are in range; null otherwise (Feb 30, 25:00). */
function utc(year: number, month: number, day: number, h: number, m: number, s: number, ms: number): number | null {
  if (month < 0 || month > 11 || h > 23 || m > 59 || s > 60) return null;
  const t = Date.UTC(year, month, day, h, m, Math.min(s, 59), ms);
  // Date.UTC rolls Feb 30 over to March: a day out of its month is no date.
  return new Date(t).getUTCDate() === day ? t : null;
}

/** The offset of a zone ±hh mm, in milliseconds to subtract from local time. */
function offset(sign: string, hh: string, mm: string): number | null {
  const h = Number(hh);
  const m = Number(mm);
  if (h > 23 || m > 59) return null;
  return (sign === "-" ? -1 : 1) * (h * 60 + m) * 60_000;
}

/** An ISO 8601 date and time (see ISO) as milliseconds; null where it is none. */
export function isoTime(text: string): number | null {
  const m = ISO.exec(text);
  if (m === null) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", z, sign, zh, zm] = m;
  const t = utc(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(`0.${fraction}`) * 1000);
  if (t === null) return null;
  const shift = z !== undefined || sign === undefined ? 0 : offset(sign, zh, zm);
  return shift === null ? null : Math.floor(t - shift);
}

/** A CLF time as milliseconds; null where it is none. */
function clfTime(text: string): number | null {
  const m = CLF.exec(text);
  if (m === null) return null;
  const [, d, mon, y, h, mi, s, sign, zh, zm] = m;
  const month = MONTHS[mon];
  if (month === undefined) return null;
  const t = utc(Number(y), month, Number(d), Number(h), Number(mi), Number(s), 0);
  const shift = offset(sign, zh, zm);
  return t === null || shift === null ? null : t - shift;
}

/**
 * What a strftime(3) conversion writes, as a pattern and the part of the
 * time it gives (a POSIX locale's names: Apache and nginx log in it unless
 * configured otherwise); a conversion that stands for others, as its
 * expansion. Locale-dependent forms (%c %x %X), zone names (%Z) and week
 * numbers are not read.
 */
const CONVERSIONS: Record<string, [pattern: string, part: string] | string> = {
  Y: ["\\d{4}", "year"],
  y: ["\\d{2}", "year2"],
  m: ["\\d{2}", "month"],
  d: ["\\d{2}", "day"],
  e: ["[ \\d]\\d", "day"],
  j: ["\\d{3}", "yday"],
  H: ["\\d{2}", "hour"],
  I: ["\\d{2}", "hour12"],
  p: ["AM|PM", "ampm"],
  M: ["\\d{2}", "minute"],
  S: ["\\d{2}", "second"],
  b: ["[A-Z][a-z]{2}", "monthName"],
  h: ["[A-Z][a-z]{2}", "monthName"],
  B: ["[A-Z][a-z]+", "monthName"],
  a: ["[A-Z][a-z]{2}", ""],
  A: ["[A-Z][a-z]+", ""],
  z: ["[+-]\\d{4}", "zone"],
  s: ["\\d+", "epoch"],
  F: "%Y-%m-%d",
  T: "%H:%M:%S",
  D: "%m/%d/%y",
  R: "%H:%M",
  r: "%I:%M:%S %p",
};

/** A strftime format as a regular expression (`flags`) with a named group a part; null where it has a conversion not read here, or no date. */
function compileStrftime(format: string, flags: string): RegExp | null {
  const parts = new Set<string>();
  const pattern = (f: string): string | null => {
    let out = "";
    for (let i = 0; i < f.length; i++) {
      if (f[i] !== "%") {
        out += f[i].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
        continue;
      }
      const c = f[++i];
      if (c === "%") out += "%";
      else if (c === "n" || c === "t") out += "\\s";
      else {
        const conversion = CONVERSIONS[c];
        if (conversion === undefined) return null;
        if (typeof conversion === "string") {
          const inner = pattern(conversion);
          if (inner === null) return null;
          out += inner;
        } else {
          const [re, part] = conversion;
          // A part written twice is matched the second time as it was the first.
          out += part === "" ? `(?:${re})` : parts.has(part) ? `\\k<${part}>` : `(?<${part}>${re})`;
          if (part !== "") parts.add(part);
        }
      }
    }
    return out;
  };
  const source = pattern(format);
  const dated =
    parts.has("epoch") ||
    ((parts.has("year") || parts.has("year2")) &&
      (parts.has("yday") || ((parts.has("month") || parts.has("monthName")) && parts.has("day"))));
  return source === null || !dated ? null : new RegExp(flags === "y" ? source : `^${source}$`, flags);
}

const strftimeFormats = new Map<string, RegExp | null>();

/** Whether log-time.ts reads times written in strftime `format`. */
export function readsStrftime(format: string): boolean {
  return strftimeRegExp(format) !== null;
}

function strftimeRegExp(format: string): RegExp | null {
  let re = strftimeFormats.get(format);
  if (re === undefined) {
    re = compileStrftime(format, "");
    strftimeFormats.set(format, re);
  }
  return re;
}

/** The most bytes a time written by a strftime format read here takes (month and day names included). */
const STRFTIME_MAX_BYTES = 256;

/**
 * A field of time `syntax` whose extent the time's own syntax gives, not the
 * byte after it: a strftime format may write spaces, as the text after the
 * field may start with one. A sticky expression for strftimeEnd(); null for
 * other syntaxes.
 */
export function strftimeExtent(syntax: TimeSyntax | undefined): RegExp | null {
  return syntax?.startsWith("strftime:") ? compileStrftime(syntax.slice("strftime:".length), "y") : null;
}

/** Where the time that `extent` (strftimeExtent) reads at p of `bytes` ends; -1 where none starts there. */
export function strftimeEnd(extent: RegExp, bytes: Uint8Array, p: number, end: number): number {
  // The conversions read here write ASCII only: the bytes as Latin-1 are the text.
  const text = String.fromCharCode(...bytes.subarray(p, Math.min(end, p + STRFTIME_MAX_BYTES)));
  extent.lastIndex = 0;
  const m = extent.exec(text);
  return m === null ? -1 : p + m[0].length;
}

/**
 * A time written in strftime `format` as milliseconds; null where it does not
 * read. Without %z (or %s) the time is taken as UTC: the format does not say
 * the server's zone.
 */
function strftimeTime(text: string, format: string): number | null {
  const g = strftimeRegExp(format)?.exec(text)?.groups;
  if (g === undefined) return null;
  if (g.epoch !== undefined) return Number(g.epoch) * 1000;
  // POSIX strptime: %y 69-99 are 1969-1999, 00-68 are 2000-2068.
  const year = g.year !== undefined ? Number(g.year) : Number(g.year2) + (Number(g.year2) < 69 ? 2000 : 1900);
  let month: number;
  let day: number;
  if (g.yday !== undefined) {
    const start = Date.UTC(year, 0, Number(g.yday));
    if (Number(g.yday) < 1 || new Date(start).getUTCFullYear() !== year) return null;
    month = new Date(start).getUTCMonth();
    day = new Date(start).getUTCDate();
  } else {
    const name = g.monthName;
    month =
      name === undefined ? Number(g.month) - 1 : name.length === 3 ? (MONTHS[name] ?? -1) : MONTH_NAMES.indexOf(name);
    day = Number(g.day);
  }
  let hour = Number(g.hour ?? 0);
  if (g.hour12 !== undefined) {
    const h12 = Number(g.hour12);
    if (h12 < 1 || h12 > 12) return null;
    hour = (h12 % 12) + (g.ampm === "PM" ? 12 : 0);
  }
  const t = utc(year, month, day, hour, Number(g.minute ?? 0), Number(g.second ?? 0), 0);
  const shift = g.zone === undefined ? 0 : offset(g.zone[0], g.zone.slice(1, 3), g.zone.slice(3));
  return t === null || shift === null ? null : t - shift;
}

/** Seconds (or `unit` of a second) since 1970 as milliseconds; null where the text is no number. */
function epochTime(text: string, millisecondsPerUnit: number): number | null {
  if (!/^\d+(?:\.\d+)?$/.test(text)) return null;
  return Math.floor(Number(text) * millisecondsPerUnit);
}

/** The time written as `text` in `syntax`, as milliseconds since 1970 UTC; null where it does not read. */
export function logTime(text: string, syntax: TimeSyntax): number | null {
  switch (syntax) {
    case "clf":
      return clfTime(text);
    case "epoch":
      return epochTime(text, 1000);
    case "epoch-ms":
      return epochTime(text, 1);
    case "epoch-us":
      return epochTime(text, 1e-3);
    case "iso":
    case "date":
    case "clock":
      // ISO 8601, and W3C's date and time of day (UTC) joined by a space.
      return isoTime(text);
    default:
      return strftimeTime(text, syntax.slice("strftime:".length));
  }
}

/** The hour (UTC) of a time, as "2026-10-10T13Z"; the day as "2026-10-10". */
export function timeBucket(ms: number, unit: "hour" | "day"): string {
  const iso = new Date(ms).toISOString();
  return unit === "day" ? iso.slice(0, 10) : `${iso.slice(0, 13)}Z`;
}
