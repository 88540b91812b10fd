// swurl's URLPattern against Blink's own, in Chromium (Debian's, through
// playwright-core): the router workload of the urlpattern suite
// (scripts/data/urlpattern-routes.mjs: 50 routes, 2,000 requests, each scanning the
// routes until the first match; 10% match none) and the construction of its
// ROUTES, in one page. swurl is the browser entry (build/browser/index.js,
// its kernel inlined) bundled by esbuild with the workload.
//
// Before timing, both classes must give every request the same answer: the
// index of the first matching route (test), and its groups (exec). Then the
// tasks run in turns, `rounds` rounds of one pass each, timed by
// performance.now() in the page (wall time: the page's one thread), and each
// reports its fastest pass, in ns a request (a route for construction), and
// its ratio to Blink's.
//
//   node bench/urlpattern-chromium.mjs [--rounds=N]
// (npm run bench runs it after the Node suites when urlpattern is among them.)
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, ensureChromium } from "../scripts/chromium.mjs";
import { table } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 15);

/** The page's script: the workload, both classes, the agreement check and the timed rounds. */
const PAGE = `
import { URLPattern as Swurl, URLPatternList } from "./build/browser/index.js";
import { requests, routes } from "./scripts/data/urlpattern-routes.mjs";
import { ROUTES } from "./bench/suites/urlpattern.mjs";

const Blink = globalThis.URLPattern;
const list50 = routes(50);
const urls = requests(list50, 2000);
const inits = list50.map((r) => r.init);
const first = (patterns, url) => { for (let i = 0; i < patterns.length; i++) if (patterns[i].test(url)) return i; return -1; };
const firstExec = (patterns, url) => { for (let i = 0; i < patterns.length; i++) { const r = patterns[i].exec(url); if (r !== null) return r; } return null; };
const groups = (r) => r === null ? null : JSON.stringify([r.protocol.groups, r.hostname.groups, r.pathname.groups].map((g) => Object.entries(g).sort()));

window.run = (rounds) => {
  const blink = inits.map((i) => new Blink(i));
  const swurl = inits.map((i) => new Swurl(i));
  const list = new URLPatternList(swurl);
  for (const url of urls) {
    const want = first(blink, url);
    if (first(swurl, url) !== want || list.findIndex(url) !== want) throw new Error("test() differs on " + url);
    const w = groups(firstExec(blink, url));
    if (groups(firstExec(swurl, url)) !== w || groups(list.exec(url)?.result ?? null) !== w) throw new Error("exec() differs on " + url);
  }
  let sink = 0;
  const tasks = [
    ["test: Blink URLPattern", urls.length, () => { for (const u of urls) sink += first(blink, u); }],
    ["test: swurl URLPattern", urls.length, () => { for (const u of urls) sink += first(swurl, u); }, "test: Blink URLPattern"],
    ["exec: Blink URLPattern", urls.length, () => { for (const u of urls) sink += firstExec(blink, u) === null ? 0 : 1; }],
    ["exec: swurl URLPattern", urls.length, () => { for (const u of urls) sink += firstExec(swurl, u) === null ? 0 : 1; }, "exec: Blink URLPattern"],
    ["list exec: swurl URLPatternList", urls.length, () => { for (const u of urls) sink += list.exec(u) === null ? 0 : 1; }, "exec: Blink URLPattern"],
    ["construct: Blink URLPattern", ROUTES.length, () => { for (const r of ROUTES) sink += new Blink(...r).hasRegExpGroups ? 1 : 0; }],
    ["construct: swurl URLPattern", ROUTES.length, () => { for (const r of ROUTES) sink += new Swurl(...r).hasRegExpGroups ? 1 : 0; }, "construct: Blink URLPattern"],
  ];
  for (const [, , fn] of tasks) fn();
  const best = tasks.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    tasks.forEach(([, items, fn], i) => {
      const start = performance.now();
      fn();
      best[i] = Math.min(best[i], ((performance.now() - start) * 1e6) / items);
    });
  }
  return { sink, rows: tasks.map(([label, , , base], i) => ({ label, ns: best[i], base: base ?? null })) };
};
`;

async function main() {
  const bundle = await esbuild.build({
    stdin: { contents: PAGE, resolveDir: path.dirname(here), sourcefile: "page.mjs" },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "warning",
  });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>swurl URLPattern bench</title>");
    await page.addScriptTag({ type: "module", content: bundle.outputFiles[0].text });
    await page.waitForFunction(() => typeof window.run === "function");
    const { rows } = await page.evaluate((n) => window.run(n), rounds);
    const version = browser.version();
    const byLabel = new Map(rows.map((r) => [r.label, r.ns]));
    const out = rows.map((r) => ({
      ...r,
      ratio: r.base === null ? null : byLabel.get(r.base) / r.ns,
    }));
    console.log(
      `URLPattern in Chromium ${version}: swurl (browser entry) and Blink, wall time in the page, fastest of ${rounds} passes`,
    );
    console.log(
      table(
        out.map((r) => ({
          label: r.label,
          ns: r.ns.toFixed(0),
          ratio:
            r.ratio === null
              ? ""
              : `${r.ratio.toFixed(2)}x vs ${r.base}${r.ratio >= 10 || r.label.startsWith("construct") ? "" : " (goal 10x)"}`,
        })),
        [
          ["task", "label", "l"],
          ["ns a request (a route)", "ns", "r"],
          ["ratio", "ratio", "l"],
        ],
      ),
    );
  } finally {
    await browser.close();
  }
}

await main();
