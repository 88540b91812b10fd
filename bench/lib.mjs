// Small helpers shared by bench/run.mjs and the suites.

/** The last result of a task: a module-level store the engine cannot prove dead. */
export let sink;
/** Keep a result alive so that the engine cannot drop the work that made it. */
export function keep(value) {
  sink = value;
}

/** CPU nanoseconds (user + system) of one call of `fn`: on a shared machine, wall time counts other processes' turns too. */
export function cpuTime(fn) {
  const start = process.cpuUsage();
  fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) * 1000;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A plain-text table: `columns` are [header, key, align] with align "l" or "r". */
export function table(rows, columns) {
  const cells = rows.map((row) => columns.map(([, key]) => String(row[key] ?? "")));
  const widths = columns.map(([header], i) => Math.max(header.length, ...cells.map((r) => r[i].length)));
  const pad = (text, i) => (columns[i][2] === "r" ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (texts) => "| " + texts.map(pad).join(" | ") + " |";
  const rule =
    "|" + widths.map((w, i) => (columns[i][2] === "r" ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|") + "|";
  return [line(columns.map(([header]) => header)), rule, ...cells.map(line)].join("\n");
}

/** A task that runs `op` on every corpus line; one task iteration is one pass over the corpus. */
function lineTask(lines, label, op) {
  return {
    label,
    fn() {
      let result;
      for (let i = 0; i < lines.length; i++) result = op(lines[i]);
      keep(result);
    },
  };
}

/**
 * A task that sums `read(item)` over `list` in a pass (the sum kept), sized
 * by the items' UTF-8 bytes unless `extra` gives `bytes`; `extra` adds the
 * other task fields (kernel, baseline).
 */
export function sumTask(label, list, read, extra = {}) {
  return {
    label,
    items: list.length,
    bytes: extra.bytes ?? list.reduce((n, item) => n + Buffer.byteLength(item), 0),
    ...extra,
    fn() {
      let n = 0;
      for (let i = 0; i < list.length; i++) n += read(list[i]);
      keep(n);
    },
  };
}

/** One task per kernel build that runs `operation(api)` on every corpus line. */
export function perLine({ corpus, kernels }, operation) {
  return kernels.map(({ name, api }) => ({ ...lineTask(corpus.lines, name, operation(api)), kernel: name }));
}

/** A reference task (no build of swurl) that runs `op` on every corpus line. */
export function referencePerLine({ corpus }, label, op) {
  return lineTask(corpus.lines, label, op);
}
