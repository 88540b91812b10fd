// The time of a log line as a number (milliseconds since 1970 UTC), from the
// syntax its format writes (log-program.ts TimeSyntax), for --since, --until
// and --by hour / day; and the ISO 8601 times those options take.

import type { TimeSyntax } from "./log-program.js";

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

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
    default:
      // ISO 8601, and W3C's date and time of day (UTC) joined by a space.
      return isoTime(text);
  }
}

/** The hour (UTC) of a time, as "2026-10-10T13Z"; the day as "2026-10-10". */
export function timeBucket(ms: number, unit: "hour" | "day"): string {
  const iso = new Date(ms).toISOString();
  return unit === "day" ? iso.slice(0, 10) : `${iso.slice(0, 13)}Z`;
}
