// swurl in a real browser (Debian's Chromium, driven by playwright-core): every
// way a web page can load it runs the WPT URL suites, WPT's URL Pattern data
// (swurl's URLPattern, and Chromium's own through the same runner) and a call of every public
// function in the page (test/helpers/browser/check.ts), and the results must equal the
// same calls in Node. The load paths: the browser entry by path from
// node_modules, swurl/js, the Node entry with its chunks, a module worker, a
// page whose Content Security Policy forbids compiling WASM (the JS kernel must
// take over), and an application bundled by esbuild, Vite and webpack, each of
// which must bundle it with no plugin and no warning.
import { createServer, type Server } from "node:http";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { build as viteBuild, createLogger } from "vite";
import webpack from "webpack";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";
import { smoke, type CheckResult } from "../helpers/browser/check";
import { wptFiles } from "../helpers/fixtures";
import { wptSuites } from "../helpers/wpt-helpers";
import { CHROMIUM_FLAGS, chromiumForTests } from "../../scripts/chromium.mjs";

const root = path.resolve(import.meta.dirname, "../..");
let scratch = "";
let server: Server;
let origin = "";
let browser: Browser;
/** What each bundler said while bundling the application, warnings and errors alike. */
const bundlerMessages: Record<string, string[]> = {};

const TYPES: Record<string, string> = { ".js": "text/javascript", ".html": "text/html", ".json": "application/json" };
/** Pages whose responses carry a strict CSP: scripts from this origin only, and no 'wasm-unsafe-eval'. */
const STRICT_CSP = "default-src 'self'; script-src 'self'";

/** Serves /node_modules/swurl/ from the repository (as installed) and /t/ from the scratch folder. */
function serve(request: string): { file: string; headers: Record<string, string> } | null {
  const { pathname } = new URL(request, "http://x");
  const headers: Record<string, string> = {};
  let file: string;
  if (pathname.startsWith("/node_modules/swurl/build/"))
    file = path.join(root, pathname.slice("/node_modules/swurl/".length));
  else if (pathname.startsWith("/t/")) file = path.join(scratch, pathname);
  else if (pathname === "/csp.html") {
    file = path.join(scratch, "t", "page.html");
    headers["content-security-policy"] = STRICT_CSP;
  } else return null;
  if (!file.startsWith(root) && !file.startsWith(scratch)) return null;
  headers["content-type"] = TYPES[path.extname(file)] ?? "application/octet-stream";
  return { file, headers };
}

async function bundleApp(app: string): Promise<void> {
  const out = path.join(scratch, "t");
  const esbuildResult = await esbuild.build({
    entryPoints: [path.join(app, "app.js")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    outfile: path.join(out, "app-esbuild.js"),
    logLevel: "silent",
  });
  bundlerMessages.esbuild = [...esbuildResult.warnings, ...esbuildResult.errors].map((m) => m.text);

  const logger = createLogger("info", { allowClearScreen: false });
  const vite: string[] = (bundlerMessages.vite = []);
  logger.warn = (msg) => void vite.push(msg);
  logger.warnOnce = (msg) => void vite.push(msg);
  logger.error = (msg) => void vite.push(msg);
  logger.info = () => {};
  await viteBuild({
    root: app,
    configFile: false,
    logLevel: "info",
    customLogger: logger,
    build: {
      outDir: path.join(out, "vite"),
      emptyOutDir: true,
      rollupOptions: { input: path.join(app, "app.js"), output: { entryFileNames: "app.js" } },
    },
  });

  bundlerMessages.webpack = await new Promise<string[]>((resolve, reject) => {
    webpack(
      {
        mode: "production",
        context: app,
        entry: "./app.js",
        output: { path: path.join(out, "webpack"), filename: "app.js" },
      },
      (error, stats) => {
        if (error || !stats) return reject(error ?? new Error("webpack gave no stats"));
        const { warnings = [], errors = [] } = stats.toJson({ all: false, warnings: true, errors: true });
        resolve([...warnings, ...errors].map((w) => w.message));
      },
    );
  });
}

/** Debian's Chromium, or null where these tests are skipped (scripts/debian.mjs). */
const executablePath = chromiumForTests();

beforeAll(async () => {
  if (executablePath === null) return;
  scratch = mkdtempSync(path.join(tmpdir(), "swurl-browser-"));
  const out = path.join(scratch, "t");
  await esbuild.build({
    entryPoints: { page: "test/helpers/browser/page.ts", worker: "test/helpers/browser/worker.ts" },
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outdir: out,
    logLevel: "warning",
  });
  writeFileSync(
    path.join(out, "page.html"),
    '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>swurl</title><script type="module" src="/t/page.js"></script>\n',
  );
  for (const bundler of ["esbuild", "vite", "webpack"]) {
    const src = bundler === "esbuild" ? "/t/app-esbuild.js" : `/t/${bundler}/app.js`;
    writeFileSync(
      path.join(out, `app-${bundler}.html`),
      `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/t/page.js"></script><script type="module" src="${src}"></script>\n`,
    );
  }
  // An application project with swurl installed (linked to this repository).
  const app = path.join(scratch, "app");
  mkdirSync(path.join(app, "node_modules"), { recursive: true });
  symlinkSync(root, path.join(app, "node_modules", "swurl"));
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  cpSync("test/helpers/browser/app.js", path.join(app, "app.js"));
  await bundleApp(app);

  server = createServer((req, res) => {
    const found = serve(req.url ?? "/");
    let body: Buffer;
    try {
      if (found === null) throw new Error("not found");
      body = readFileSync(found.file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Open `page` and wait for what check.ts left, with every error the page reported. */
async function runPage(page: string): Promise<{ result: CheckResult & { error?: string }; errors: string[] }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const errors: string[] = [];
  tab.on("pageerror", (e) => errors.push(e.message));
  tab.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  try {
    await tab.goto(`${origin}${page}`);
    await tab.waitForFunction(() => (window as { swurlResult?: unknown }).swurlResult !== undefined, null, {
      timeout: 120_000,
    });
    const result = JSON.parse(
      await tab.evaluate(() => JSON.stringify((window as { swurlResult?: unknown }).swurlResult)),
    );
    return { result, errors };
  } finally {
    await context.close();
  }
}

const ENTRY = "/node_modules/swurl/build/browser/index.js";
const JS_ENTRY = "/node_modules/swurl/build/browser/js.js";
const NODE_ENTRY = "/node_modules/swurl/build/index.js";
const entry = (e: string) => encodeURIComponent(e);
/** createSwurl("js") of the browser entry where it runs SIMD WASM (src/kernel/js-backend.ts). */
const JS_ELSEWHERE =
  "swurl: the browser entry fetches the pure-JS build only where WASM cannot run; the entry swurl/js carries it";

/**
 * Each load path: its page, the kernel it must run, and the Node entry whose
 * answers it must give. Where the browser entry runs SIMD WASM, it has not
 * fetched the fallback builds, so createSwurl("js") says to import swurl/js
 * instead (JS_ELSEWHERE).
 */
const paths: [string, string, string, typeof main][] = [
  [
    "the browser entry, imported by path (no bundler, no import map)",
    `/t/page.html?entry=${entry(ENTRY)}`,
    "wasm-simd",
    main,
  ],
  ["swurl/js, imported by path", `/t/page.html?entry=${entry(JS_ENTRY)}`, "js", js as unknown as typeof main],
  ["the Node entry and its chunks, imported by path", `/t/page.html?entry=${entry(NODE_ENTRY)}`, "wasm-simd", main],
  ["the browser entry in a module worker", `/t/page.html?worker&entry=${entry(ENTRY)}`, "wasm-simd", main],
  [
    "a page whose CSP forbids compiling WASM (falls back to the JS kernel)",
    `/csp.html?entry=${entry(ENTRY)}`,
    "js",
    main,
  ],
  ["an application bundled by esbuild", "/t/app-esbuild.html", "wasm-simd", main],
  ["an application bundled by Vite", "/t/app-vite.html", "wasm-simd", main],
  ["an application bundled by webpack", "/t/app-webpack.html", "wasm-simd", main],
];

describe.skipIf(executablePath === null)("in Chromium", () => {
  test.each(Object.keys({ esbuild: 1, vite: 1, webpack: 1 }))("%s bundles the package with no warning", (bundler) => {
    // The application imports the whole API (about 300 KB minified), past
    // webpack's default performance hint of 244 KiB: the only warning
    // allowed, and only for that. Sizes have their own budget (scripts/sizes.mjs).
    const sizeHints = /^(asset size limit|entrypoint size limit|webpack performance recommendations):/;
    const messages = bundlerMessages[bundler].filter((m) => bundler !== "webpack" || !sizeHints.test(m));
    expect(messages).toEqual([]);
  });

  const counts = wptSuites(wptFiles).map((suite) => [suite.file, suite.cases.length]);

  test.each(paths)(
    "%s: every WPT URL case passes and every function answers as in Node",
    async (_name, page, kernel, inNode) => {
      const { result, errors } = await runPage(page);
      expect(result.error).toBeUndefined();
      expect(result.kernel).toBe(kernel);
      expect(result.suites.map((suite) => [suite.file, suite.cases])).toEqual(counts);
      for (const suite of result.suites) expect(suite.unexpected, suite.file).toEqual([]);
      // WPT's URL Pattern data: swurl's URLPattern passes every case, as Chromium's own does through the same runner.
      expect(result.urlpattern.cases).toBe(369);
      expect(result.urlpattern.failures).toEqual([]);
      expect(result.urlpattern.browserFailures).toBe(0);
      const expected = JSON.parse(JSON.stringify(await smoke(inNode)));
      if (kernel === "wasm-simd" && !page.includes(entry(NODE_ENTRY))) expected.js = JS_ELSEWHERE;
      expect(result.smoke).toEqual(expected);
      // The CSP page reports the refused compile as a console error; nothing else may fail.
      expect(
        errors.filter(
          (e) => !(page.startsWith("/csp.html") && /WebAssembly|wasm-unsafe-eval|Content Security Policy/.test(e)),
        ),
      ).toEqual([]);
    },
  );
});
