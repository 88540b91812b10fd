// npm run bench: the suites of bench/run.mjs on every corpus (bench/data/ and
// the generated ones, scripts/data/corpus.mjs CORPORA) and on every Node line, each a run of its own, then one table of each
// build's ratio to its suite's baseline (Node's URL for parse, canParse and the
// setters, Node's URLSearchParams for its operations, the packages a crawler-key
// profile reproduces for crawler-keys),
// per corpus and engine. The full tables of each run are printed as it ends.
//
//   node bench/matrix.mjs                        parse, can-parse, batch, resolve, setters, search-params, crawler-keys, w3lib, urlpattern and router; Node 24 and this Node; every corpus
//   node bench/matrix.mjs split parse            the named suites
//   node bench/matrix.mjs --engines=24,22,this   other engines (pinned lines of scripts/node-lines.mjs, or this Node)
//   node bench/matrix.mjs --corpora=kasztp ...   some corpora only (names of bench/data/*.txt, or file-urls, ipv4-hosts)
//   node bench/matrix.mjs --time=1000 ...        passed on to bench/run.mjs (so are --rounds=N and --cpu)
//
// With urlpattern among the suites, bench/urlpattern-chromium.mjs then runs
// swurl's URLPattern against Blink's in Chromium, where Chromium is installed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM } from "../scripts/chromium.mjs";
import { nodeBinary } from "../scripts/node-lines.mjs";
import { CORPORA } from "../scripts/data/corpus.mjs";
import { table } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_SUITES = [
  "parse",
  "can-parse",
  "batch",
  "resolve",
  "setters",
  "search-params",
  "crawler-keys",
  "w3lib",
  "urlpattern",
  "router",
];

function parseArgs(argv) {
  const options = { suites: [], engines: ["24", "this"], corpora: CORPORA, passOn: [] };
  for (const arg of argv) {
    if (arg.startsWith("--engines=")) options.engines = arg.slice("--engines=".length).split(",");
    else if (arg.startsWith("--corpora=")) options.corpora = arg.slice("--corpora=".length).split(",");
    else if (arg.startsWith("--time=") || arg.startsWith("--rounds=") || arg === "--cpu") options.passOn.push(arg);
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}`);
    else options.suites.push(arg);
  }
  for (const c of options.corpora)
    if (!CORPORA.includes(c)) throw new Error(`no corpus ${c}; there are ${CORPORA.join(", ")}`);
  if (options.suites.length === 0) options.suites = DEFAULT_SUITES;
  return options;
}

function main({ suites, engines, corpora, passOn }) {
  const scratch = mkdtempSync(path.join(tmpdir(), "swurl-bench-"));
  const reports = [];
  try {
    for (const engine of engines) {
      const binary = engine === "this" ? process.execPath : nodeBinary(engine);
      for (const corpus of corpora) {
        const json = path.join(scratch, `${engine}-${corpus}.json`);
        const args = [path.join(here, "run.mjs"), ...suites, ...passOn, `--corpus=${corpus}`, `--json=${json}`];
        console.log(`\n### ${engine === "this" ? `this Node (${process.version})` : `Node ${engine}`}, ${corpus}`);
        const { status } = spawnSync(binary, args, { stdio: ["ignore", "inherit", "inherit"] });
        if (status !== 0) throw new Error(`bench/run.mjs failed on ${engine}, ${corpus}`);
        reports.push({ ...JSON.parse(readFileSync(json, "utf8")), corpus });
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  // One row per suite and build, one column per corpus; each cell the build's
  // ratio to its baseline on every engine, in the order run.
  const nodes = [...new Set(reports.map((r) => r.node))];
  const rows = [];
  for (const suite of suites) {
    for (const kernel of ["wasm-simd", "wasm", "js"]) {
      // A build's task is labelled by the build, or, in suites of several
      // operations (setters, search-params), "operation: build".
      const labels = new Set(
        reports.flatMap((r) => r.rows.filter((x) => x.suite === suite && x.kernel === kernel).map((x) => x.label)),
      );
      for (const label of labels) {
        const row = { what: label === kernel ? `${suite}: ${kernel}` : `${suite}: ${label}` };
        for (const corpus of corpora) {
          row[corpus] = nodes
            .map((node) => {
              const report = reports.find((r) => r.node === node && r.corpus === corpus);
              const found = report?.rows.find((r) => r.suite === suite && r.kernel === kernel && r.label === label);
              return found?.vsBase == null ? "-" : `${found.vsBase.toFixed(2)}x`;
            })
            .join(" / ");
        }
        rows.push(row);
      }
    }
  }
  console.log(
    `\nratio of each build to its suite's baseline (parse: new URL(); can-parse: URL.canParse; batch: text + split + new URL(); setters: the same set on Node's URL; search-params: Node's URLSearchParams; crawler-keys: normalize-url 10.0.0 and @apify/utilities normalizeUrl; w3lib: Debian's python3-w3lib), per corpus, on ${nodes.map((n) => `Node ${n.slice(1)}`).join(" / ")}`,
  );
  console.log(table(rows, [["suite: build", "what", "l"], ...corpora.map((c) => [c, c, "r"])]));
  console.log(`\n${goalsTable(reports, nodes, corpora)}`);
  if (suites.includes("urlpattern")) chromiumBench(passOn);
}

/** The URL pattern suite in Chromium against Blink's URLPattern (goal: 10x), where Chromium is installed. */
function chromiumBench(passOn) {
  console.log("");
  if (!existsSync(CHROMIUM)) {
    console.log(`urlpattern in Chromium: skipped, no ${CHROMIUM} (node scripts/chromium.mjs installs it)`);
    return;
  }
  const rounds = passOn.filter((a) => a.startsWith("--rounds="));
  const { status } = spawnSync(process.execPath, [path.join(here, "urlpattern-chromium.mjs"), ...rounds], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (status !== 0) throw new Error("bench/urlpattern-chromium.mjs failed");
}

/**
 * The suites' targets (the speed goals), one row a target and build, one
 * column a corpus, each cell the ratio on every engine in the order run
 * (Node 24 first by default; "-" where an engine has none), marked where it
 * falls short: the README's table.
 */
function goalsTable(reports, nodes, corpora) {
  const rows = new Map();
  for (const report of reports) {
    for (const t of report.targets ?? []) {
      const what = `${t.suite}: ${t.label} (goal ${t.wanted}x)`;
      if (!rows.has(what)) rows.set(what, { what, suite: t.suite, label: t.label });
    }
  }
  for (const row of rows.values()) {
    for (const corpus of corpora) {
      row[corpus] = nodes
        .map((node) => {
          const report = reports.find((r) => r.node === node && r.corpus === corpus);
          const t = report?.targets?.find((x) => x.suite === row.suite && x.label === row.label);
          return t === undefined ? "-" : `${t.ratio.toFixed(2)}x${t.ratio >= t.wanted ? "" : " ✗"}`;
        })
        .join(" / ");
    }
  }
  return [
    `goals: ratio on ${nodes.map((n) => `Node ${n.slice(1)}`).join(" / ")}, per corpus (✗: below the goal)`,
    table([...rows.values()], [["suite: build", "what", "l"], ...corpora.map((c) => [c, c, "r"])]),
  ].join("\n");
}

main(parseArgs(process.argv.slice(2)));
