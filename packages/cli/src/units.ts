// Numbers for people: counts with thousands separators, decimal byte sizes
// (1 MB = 10^6 bytes, as disks and network rates count), durations.

/**
 * `n` rounded to a whole number, its digits grouped by thousands as en-US
 * writes them (1,234,567). Not Intl.NumberFormat: loading its locale data
 * costs about 20 ms, a tenth of the command's start.
 */
export function formatCount(n: number): string {
  const digits = String(Math.round(Math.abs(n)));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n <= -0.5 ? `-${grouped}` : grouped;
}

const BYTE_UNITS = ["B", "kB", "MB", "GB", "TB"];

export function formatBytes(n: number): string {
  let unit = 0;
  while (n >= 1000 && unit < BYTE_UNITS.length - 1) {
    n /= 1000;
    unit++;
  }
  return unit === 0 ? `${Math.round(n)} B` : `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

/** "0.42 s", "12.3 s", "3:07", "1:02:03"; "?" when not known. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  if (seconds < 10) return `${seconds.toFixed(2)} s`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * A share as a percentage with enough digits to tell small shares from none;
 * a share short of the whole that would round to 100.0% is written ">99.9%".
 */
export function formatPercent(part: number, whole: number): string {
  if (whole === 0) return "-";
  const p = (100 * part) / whole;
  if (part < whole && p >= 99.95) return ">99.9%";
  return p === 0 || p >= 10 ? `${p.toFixed(1)}%` : p < 0.01 ? "<0.01%" : `${p.toFixed(2)}%`;
}
