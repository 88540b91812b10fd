// `swurl extract --input html` on a generated page (scripts/data/html-pages.mjs), in
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
// on the same page (each collecting a href and img src values): parse5's SAX
// parser (the one it uses) and htmlparser2, in MB/s; the size of each
// bundled alone (esbuild, minified); and how often each gives other links
// than parse5's tree builder (the HTML Standard's parser) on hostile markup.
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
import { parse as parseHtml } from "parse5";
import { SAXParser } from "parse5-sax-parser";
import { Bench } from "tinybench";
import { hostilePage, htmlPage } from "../scripts/data/html-pages.mjs";
import { mulberry32 } from "../scripts/data/random.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, "..", "packages", "cli", "build", "cli.js");
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

/** The attribute values of a elements' href and img elements' src, by each tokenizer and by parse5's tree. */
const wanted = (tag, name) => (tag === "a" && name === "href") || (tag === "img" && name === "src");
const TOKENIZERS = {
  "parse5 SAXParser (used)": (html) => {
    const out = [];
    const parser = new SAXParser();
    parser.on("startTag", (tag) => {
      for (const a of tag.attrs) if (wanted(tag.tagName, a.name)) out.push(a.value);
    });
    parser.end(html);
    return out;
  },
  "htmlparser2 Parser": (html) => {
    const out = [];
    const parser = new Parser({
      onopentag(name, attributes) {
        // The HTML tokenizer turns NUL into U+FFFD; htmlparser2 keeps it.
        for (const [k, v] of Object.entries(attributes)) if (wanted(name, k)) out.push(v.replaceAll("\0", "\ufffd"));
      },
    });
    parser.write(html);
    parser.end();
    return out;
  },
};
const BUNDLED = {
  "parse5 SAXParser (used)": 'export { SAXParser } from "parse5-sax-parser";',
  "htmlparser2 Parser": 'export { Parser } from "htmlparser2";',
};

function treeLinks(html) {
  const out = [];
  const walk = (node) => {
    for (const a of node.attrs ?? []) if (wanted(node.nodeName, a.name)) out.push(a.value);
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parseHtml(html));
  return out;
}

/** Whether `part` is `whole` with some items left out, in order, and holds the same distinct items. */
function agrees(part, whole) {
  let i = 0;
  for (const item of whole) if (i < part.length && part[i] === item) i++;
  return i === part.length && new Set(part).size === new Set(whole).size;
}

/**
 * The tokenizers side by side: MB/s on `html`, bundle sizes, and on 5,000
 * hostile pages (scripts/data/html-pages.mjs) the pages whose links are not those
 * of parse5's tree builder (less the copies of <a> tree construction makes).
 */
async function tokenizers(html, mb) {
  const bench = new Bench({ time: 2000, warmupTime: 500 });
  for (const [name, links] of Object.entries(TOKENIZERS)) bench.add(name, () => links(html));
  await bench.run();
  const rows = [];
  for (const task of bench.tasks) {
    const built = await esbuild.build({
      stdin: { contents: BUNDLED[task.name], resolveDir: here },
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "node",
    });
    const bytes = built.outputFiles[0].contents;
    const differ = (foreign) => {
      const rng = mulberry32(3987);
      let n = 0;
      for (let i = 0; i < 5000; i++) {
        const page = hostilePage(rng, foreign);
        if (!agrees(TOKENIZERS[task.name](page), treeLinks(page))) n++;
      }
      return n;
    };
    rows.push({
      tokenizer: task.name,
      "MB/s": Number((mb / (task.result.latency.mean / 1000)).toFixed(1)),
      "KB minified": Number((bytes.length / 1e3).toFixed(1)),
      "KB gzip": Number((gzipSync(bytes, { level: 9 }).length / 1e3).toFixed(1)),
      "hostile pages off the tree": differ(false),
      "... with svg, math": differ(true),
    });
  }
  console.table(rows);
}

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
