// `swurl extract --input html` on a generated page (bench/html-pages.mjs), in
// links per second, against a plain baseline in the same run: a regular
// expression for href/src/srcset values and Node's `new URL(value, base)`,
// which decodes no character reference, knows no <base>, and takes links out
// of comments and scripts too. Both run as a command on the same file (the
// file read, the links written to a pipe), in alternating rounds; the median
// of each is reported, and the ratio. Time is the child's CPU time (user +
// system, from /proc/self/stat of this process after it waited for the
// child, so Linux only): on a loaded machine wall time mostly measures the
// wait for a core.
//
// Then the two streaming tokenizers considered for the command, in process
// on the same page (each collecting href and src values): htmlparser2 (the
// one it uses) and parse5's SAX parser, in MB/s, and the size of each
// bundled alone (esbuild, minified).
//
//   node bench/extract-html.mjs [--blocks 40000] [--rounds 5]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { Parser } from "htmlparser2";
import { SAXParser } from "parse5-sax-parser";
import { Bench } from "tinybench";
import { htmlPage } from "./html-pages.mjs";
import { mulberry32 } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, "..", "build", "cli.js");
const { values } = parseArgs({
  options: { blocks: { type: "string", default: "40000" }, rounds: { type: "string", default: "5" } },
});

const BASE = "https://www.example.com/site/page.html";
const BASELINE = `
import { readFileSync, writeSync } from "node:fs";
const html = readFileSync(process.argv[1], "utf8");
const ATTRIBUTE = /\\s(?:href|src|srcset)\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))/gi;
let out = "";
let n = 0;
for (const m of html.matchAll(ATTRIBUTE)) {
  try {
    out += new URL(m[1] ?? m[2] ?? m[3], ${JSON.stringify(BASE)}).href + "\\n";
    n++;
  } catch {}
  if (out.length > 1 << 16) { writeSync(1, out); out = ""; }
}
writeSync(1, out);
writeSync(2, String(n));
`;

const dir = mkdtempSync(path.join(tmpdir(), "swurl-bench-html-"));
try {
  const file = path.join(dir, "page.html");
  writeFileSync(file, htmlPage(mulberry32(1), Number(values.blocks)));
  const mb = statSync(file).size / 1e6;

  /** The CPU seconds of the children this process has waited for (cutime + cstime, in clock ticks of 1/100 s). */
  function childCpu() {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  }
  /** CPU seconds of one run of `args`, and the links it wrote. */
  function run(args) {
    const start = childCpu();
    const r = spawnSync(process.execPath, args, { maxBuffer: 1 << 30 });
    const seconds = childCpu() - start;
    if (r.status !== 0) throw new Error(`${args.join(" ")}: ${r.stderr}`);
    return { seconds, links: r.stdout.toString().split("\n").length - 1 };
  }
  const tasks = {
    "swurl extract --input html": [cli, "extract", "--input", "html", "--base", BASE, file],
    "regex + new URL (baseline)": ["--input-type=module", "-e", BASELINE, file],
  };
  const times = Object.fromEntries(Object.keys(tasks).map((name) => [name, []]));
  const links = {};
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, args] of Object.entries(tasks)) {
      const r = run(args);
      times[name].push(r.seconds);
      links[name] = r.links;
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const base = median(times["regex + new URL (baseline)"]);
  console.log(
    `page: ${mb.toFixed(1)} MB, ${values.blocks} blocks; Node ${process.version}; median of ${values.rounds} rounds`,
  );
  console.table(
    Object.keys(tasks).map((name) => {
      const s = median(times[name]);
      return {
        task: name,
        links: links[name],
        "cpu s/run": Number(s.toFixed(3)),
        "links/s": Math.round(links[name] / s),
        "MB/s": Number((mb / s).toFixed(1)),
        "time vs baseline": Number((s / base).toFixed(2)),
      };
    }),
  );
  await tokenizers(readFileSync(file, "utf8"), mb);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The tokenizers side by side on `html`, and their bundle sizes. */
async function tokenizers(html, mb) {
  const bench = new Bench({ time: 2000, warmupTime: 500 });
  bench.add("htmlparser2 Parser", () => {
    let n = 0;
    const parser = new Parser({
      onopentag(_name, attributes) {
        if (attributes.href !== undefined) n++;
        if (attributes.src !== undefined) n++;
      },
    });
    parser.write(html);
    parser.end();
    return n;
  });
  bench.add("parse5 SAXParser", () => {
    let n = 0;
    const parser = new SAXParser();
    parser.on("startTag", (tag) => {
      for (const a of tag.attrs) if (a.name === "href" || a.name === "src") n++;
    });
    parser.end(html);
    return n;
  });
  await bench.run();
  const sources = {
    "htmlparser2 Parser": 'export { Parser } from "htmlparser2";',
    "parse5 SAXParser": 'export { SAXParser } from "parse5-sax-parser";',
  };
  const rows = [];
  for (const task of bench.tasks) {
    const built = await esbuild.build({
      stdin: { contents: sources[task.name], resolveDir: here },
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "node",
    });
    const bytes = built.outputFiles[0].contents;
    rows.push({
      tokenizer: task.name,
      "MB/s": Number((mb / (task.result.latency.mean / 1000)).toFixed(1)),
      "KB minified": Number((bytes.length / 1e3).toFixed(1)),
      "KB gzip": Number((gzipSync(bytes, { level: 9 }).length / 1e3).toFixed(1)),
    });
  }
  console.table(rows);
}
