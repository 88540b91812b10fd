// Which kernel the default exports run on, where WebAssembly is missing or
// refuses to work: each case is a fresh Node process importing the built
// package, so that nothing is loaded before the engine is set up.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { encodeWasmText } from "../../src/kernel/wasm-text";
import { runChild } from "../helpers/child";

const build = (file: string) => path.resolve(import.meta.dirname, "../../build", file);

/** Run `body` (an ES module that imports the built package's `file` as `swurl`) after `setup`, in `node ...flags`. */
function inProcess(flags: string[], setup: string, body: string, file = "index.js"): unknown {
  const source = `${setup}\nconst swurl = await import(${JSON.stringify(build(file))});\n${body}`;
  const result = runChild(process.execPath, [...flags, "--input-type=module", "-e", source], { encoding: "utf8" });
  // --jitless says on stderr that it turns WebAssembly off; nothing else may be printed there.
  expect(result.stderr.replace("Warning: disabling flag --expose_wasm due to conflicting flags\n", "")).toBe("");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

/** \`kernel\` before the first call (\`before\`) and after it. */
const REPORT = `
const before = swurl.kernel;
const href = swurl.parse("HTTP://A.example/b/../c")?.href;
const idna = swurl.parse("http://Bücher.example/")?.href;
let scalar;
try { swurl.createSwurl("wasm"); scalar = "made"; } catch (e) { scalar = e.constructor.name + ": " + e.message; }
console.log(JSON.stringify({ before, kernel: swurl.kernel, href, idna, scalar }));
`;

describe("the default kernel", () => {
  test("is the SIMD WASM build where the engine has SIMD", () => {
    expect(inProcess([], "", REPORT)).toEqual({
      before: "wasm-simd",
      kernel: "wasm-simd",
      href: "http://a.example/c",
      idna: "http://xn--bcher-kva.example/",
      scalar: "made",
    });
  });

  test("is the JS build where there is no WebAssembly, and createSwurl('wasm') says why", () => {
    expect(inProcess(["--jitless"], "", REPORT)).toEqual({
      before: "js",
      kernel: "js",
      href: "http://a.example/c",
      idna: "http://xn--bcher-kva.example/",
      scalar: 'Error: swurl: this engine has no WebAssembly; use the "js" kernel (swurl/js)',
    });
  });

  test("is the JS build where compiling WebAssembly throws (as under a strict Content Security Policy)", () => {
    const refuse = `WebAssembly.Module = function () { throw new WebAssembly.CompileError("WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source"); };`;
    const out = inProcess([], refuse, REPORT) as { kernel: string; scalar: string };
    // Before the first call, the build it will try; from the first call on, the one it runs.
    expect(out).toMatchObject({
      before: "wasm-simd",
      kernel: "js",
      href: "http://a.example/c",
      idna: "http://xn--bcher-kva.example/",
    });
    expect(out.scalar).toMatch(
      /^Error: swurl: this engine refused to compile the WASM kernel \(CompileError: .*Refused to compile.*\); use the "js" kernel$/,
    );
  });

  test("decodes and compiles only the WASM modules it uses, each once, on first use", () => {
    // The module's text is decoded where it is compiled (wasmModule() in
    // src/kernel/wasm-backend.ts), so what is compiled is what was decoded:
    // the bytes of the SIMD module, once.
    const count = `
const seen = [];
const Module = WebAssembly.Module;
WebAssembly.Module = function (bytes) { seen.push(bytes.byteLength); return new Module(bytes); };`;
    const body = `
const imported = [...seen];
swurl.parse("http://a.example/");
swurl.createSwurl("wasm-simd").parse("http://b.example/");
const parsed = [...seen];
swurl.parseBatch("http://c.example/\\nhttp://d.example/");
swurl.createSwurl("wasm-simd").parseBatch("http://e.example/");
console.log(JSON.stringify({ imported, parsed, used: seen }));`;
    // Importing compiles nothing, reading \`kernel\` neither: the first call
    // does, the core's; a feature module's (bulk parsing), its first call.
    const size = (file: string) => statSync(build(file)).size;
    const [core, bulk] = [size("swurl.simd.wasm"), size("swurl-bulk.simd.wasm")];
    expect(inProcess([], count, body)).toEqual({ imported: [], parsed: [core], used: [core, bulk] });
  });

  test("is made by no WebAssembly constructor at import, nor by reading kernel", () => {
    const count = `
const made = [];
for (const name of ["Module", "Instance", "Memory"]) {
  const Original = WebAssembly[name];
  WebAssembly[name] = function (...args) { made.push(name); return new Original(...args); };
}
for (const name of ["compile", "instantiate"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = (...args) => { made.push(name); return original(...args); };
}`;
    const body = `
const kernel = swurl.kernel;
const imported = [...made];
swurl.canParse("http://a.example/");
console.log(JSON.stringify({ kernel, imported, called: made.length > 0 }));`;
    expect(inProcess([], count, body)).toEqual({ kernel: "wasm-simd", imported: [], called: true });
  });
});

// The browser entry (build/browser/index.js, which runs in Node too: it
// imports nothing Node-only) carries the SIMD builds and imports the fallback
// builds, build/browser/fallback.js, only where SIMD WASM cannot run.
describe("the browser entry", () => {
  /** Every module the entry imports, found by a loader hook registered before it. */
  const IMPORTS = `
const { register } = await import("node:module");
const imports = new MessageChannel();
const seen = [];
imports.port1.on("message", (url) => seen.push(url.slice(url.lastIndexOf("/") + 1)));
imports.port1.unref();
register("data:text/javascript," + encodeURIComponent(
  "let port; export function initialize(data) { port = data.port; }" +
  "export async function load(url, context, next) { port.postMessage(url); return next(url, context); }"
), { data: { port: imports.port2 }, transferList: [imports.port2] });`;
  const BODY = `
const href = swurl.parse("HTTP://A.example/b/../c")?.href;
const idna = swurl.parse("http://Bücher.example/")?.href;
const made = (kernel) => { try { return swurl.createSwurl(kernel).parse("http://a/b/../c")?.href; } catch (e) { return e.message; } };
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(JSON.stringify({ kernel: swurl.kernel, href, idna, scalar: made("wasm"), js: made("js"), imports: seen }));`;
  const answers = { href: "http://a.example/c", idna: "http://xn--bcher-kva.example/" };

  test("runs the SIMD build where the engine has SIMD, and fetches no other build", () => {
    expect(inProcess([], IMPORTS, BODY, "browser/index.js")).toEqual({
      kernel: "wasm-simd",
      ...answers,
      scalar:
        "swurl: the browser entry fetches the scalar WASM build only where the engine has no SIMD; here it runs the SIMD one",
      js: "swurl: the browser entry fetches the pure-JS build only where WASM cannot run; the entry swurl/js carries it",
      imports: ["index.js"],
    });
  });

  test("fetches the fallback builds where the engine compiles no SIMD module, and runs the scalar build", () => {
    // An engine whose WebAssembly has no SIMD: it validates no SIMD module
    // and refuses to compile one (the probe of src/kernel/engine.ts and every
    // .simd.wasm build, known here by their sizes).
    const sizes = [31, ...["swurl", "swurl-bulk"].map((name) => statSync(build(`${name}.simd.wasm`)).size)];
    const noSimd = `
WebAssembly.validate = () => false;
const Module = WebAssembly.Module;
WebAssembly.Module = function (bytes) {
  if (${JSON.stringify(sizes)}.includes(bytes.byteLength)) throw new WebAssembly.CompileError("SIMD unsupported");
  return new Module(bytes);
};`;
    expect(inProcess([], `${IMPORTS}${noSimd}`, BODY, "browser/index.js")).toEqual({
      kernel: "wasm",
      ...answers,
      scalar: "http://a/c",
      js: "http://a/c",
      imports: ["index.js", "fallback.js"],
    });
  });

  test("fetches the fallback builds where there is no WebAssembly, and runs the JS build", () => {
    expect(inProcess(["--jitless"], IMPORTS, BODY, "browser/index.js")).toEqual({
      kernel: "js",
      ...answers,
      scalar: 'swurl: this engine has no WebAssembly; use the "js" kernel (swurl/js)',
      js: "http://a/c",
      imports: ["index.js", "fallback.js"],
    });
  });

  test("swurl/js carries the pure-JS builds and no WASM build, which it never runs", () => {
    const js = readFileSync(build("browser/js.js"), "utf8");
    const wasm = readdirSync(build(".")).filter((f) => f.endsWith(".wasm"));
    expect(wasm.length).toBeGreaterThanOrEqual(10);
    for (const file of wasm)
      expect(js.includes(JSON.stringify(encodeWasmText(readFileSync(build(file))))), file).toBe(false);
    expect(inProcess(["--jitless"], "", BODY.replace("seen", "[]"), "browser/js.js")).toMatchObject({
      kernel: "js",
      ...answers,
    });
  });
});
