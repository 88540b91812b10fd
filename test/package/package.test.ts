// The packages as a new user gets them: `npm pack` of the library and of the
// command (packages/cli) in a fresh copy of the repository (no build/ yet: the
// pack must build them), the tarballs installed into scratch projects, then
// used from there only, never from the work tree: ESM import, CommonJS
// require, swurl/js, on Node 20 (the machine's), 22 and 24; the command with
// `npx swurl`, and its own suites (test/cli/) run against the installed
// command on each line; and the types, compiled by a consumer project under
// every moduleResolution a TypeScript user may have.
import { execFileSync, type SpawnSyncReturns } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LINES, nodeBinary } from "../../scripts/node-lines.mjs";
import { bundleSizes, overBudget, PROGRAMS } from "../../scripts/sizes.mjs";
import { runChild } from "../helpers/child";

const root = path.resolve(import.meta.dirname, "../..");
const tsc = path.join(root, "node_modules", ".bin", "tsc");
let scratch = "";
/** A project with the library installed, and one with the command (which brings the library). */
let consumer = "";
let commandConsumer = "";
/** The command with its optional peers beside it (--format parquet|arrow), as its README says to install them. */
let fullConsumer = "";
/** The files of each tarball, and where it is. */
let packed: string[] = [];
let tarballPath = "";
let commandPacked: string[] = [];
let commandTarball = "";
/** What `npm install` of each printed on stderr. */
let installErrors = "";
let commandInstallErrors = "";

/** Run a command; its result, or a failure that shows what it printed. */
function runFull(command: string, args: string[], cwd: string, env = process.env): SpawnSyncReturns<string> {
  const result = runChild(command, args, { cwd, env, encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

/** Run a command; its output, or a failure that shows what it printed. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return runFull(command, args, cwd, env).stdout;
}

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "swurl-package-"));
  // A fresh clone's files: what git tracks, plus new files it does not ignore
  // (so that the test checks the work tree's change too), with the repository's
  // installed dev dependencies for the build.
  const clone = path.join(scratch, "clone");
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" });
  for (const file of files.split("\0")) {
    if (file === "" || !existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(clone, file));
  }
  symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"));
  expect(existsSync(path.join(clone, "build"))).toBe(false);
  run("npm", ["pack", "--pack-destination", scratch], clone);
  run("npm", ["pack", "--workspace", "packages/cli", "--pack-destination", scratch], clone);
  const tarball = (name: string) => path.join(scratch, readdirSync(scratch).find((f) => f.startsWith(`${name}-`))!);
  const filesOf = (file: string) =>
    run("tar", ["-tzf", file], scratch)
      .trim()
      .split("\n")
      .map((f) => f.replace(/^package\//, ""));
  tarballPath = tarball("swurl");
  commandTarball = tarball("swurl-cli");
  packed = filesOf(tarballPath);
  commandPacked = filesOf(commandTarball);

  const install = (name: string, tarballs: string[]) => {
    const dir = path.join(scratch, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
    return {
      dir,
      stderr: runFull("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...tarballs], dir).stderr,
    };
  };
  ({ dir: consumer, stderr: installErrors } = install("consumer", [tarballPath]));
  // Both tarballs: the command's dependency on swurl is the library's tarball, as the registry would serve it.
  ({ dir: commandConsumer, stderr: commandInstallErrors } = install("command-consumer", [tarballPath, commandTarball]));
  const { devDependencies } = JSON.parse(readFileSync(path.join(root, "packages", "cli", "package.json"), "utf8"));
  const peers = ["apache-arrow", "parquet-wasm"].map((name) => `${name}@${devDependencies[name]}`);
  ({ dir: fullConsumer } = install("full-consumer", [tarballPath, commandTarball, ...peers]));
  rmSync(clone, { recursive: true, force: true });
}, 1_200_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  test("holds the bundles, their chunks, the browser entries, the types and the docs, and no sources", () => {
    for (const file of [
      "build/index.js",
      "build/js.js",
      "build/browser/index.js",
      "build/browser/js.js",
      "build/types/src/index.d.ts",
      "README.md",
      "package.json",
    ]) {
      expect(packed).toContain(file);
    }
    expect(packed.some((f) => f.startsWith("build/chunks/"))).toBe(true);
    expect(packed.filter((f) => /^(src|assembly|test|bench|scripts|packages)\//.test(f))).toEqual([]);
    // Every relative import of a packed bundle is packed too.
    for (const file of packed.filter((f) => f.endsWith(".js"))) {
      const text = readInstalled(file);
      for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
        expect(packed, `${file} imports ${spec}`).toContain(path.posix.join(path.posix.dirname(file), spec));
      }
    }
  });

  test("has no runtime dependency: installing swurl installs swurl alone", () => {
    const manifest = JSON.parse(readInstalled("package.json"));
    expect(manifest.dependencies).toBeUndefined();
    // The command's Public Suffix List (tldts) is bundled into the command, and
    // the optional peers are optional.
    expect(Object.values(manifest.peerDependenciesMeta ?? {})).toEqual(
      Object.keys(manifest.peerDependencies ?? {}).map(() => ({ optional: true })),
    );
    // node_modules holds swurl and npm's own files (.bin, .package-lock.json), no other package.
    expect(readdirSync(path.join(consumer, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["swurl"]);
  });

  test("bundled for a browser by esbuild, minified, is within the budgets of scripts/sizes.mjs", async () => {
    // The installed package by its name, as a user's application imports it
    // (the "browser" condition of its exports).
    const rows = await bundleSizes("swurl", consumer);
    expect(rows.map((row) => row.name)).toEqual(PROGRAMS.map((program) => program.name));
    expect(overBudget(rows)).toEqual([]);
  });

  test("runs nothing at install, and npm says nothing installing it", () => {
    const { scripts = {} } = JSON.parse(readInstalled("package.json"));
    for (const hook of ["preinstall", "install", "postinstall", "prepare"])
      expect(scripts, hook).not.toHaveProperty(hook);
    expect(installErrors).toBe("");
  });

  test("passes publint and arethetypeswrong (ESM-only: require() of it works on Node >= 20.19, tested below)", () => {
    const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
    expect(run(bin("publint"), ["run", tarballPath, "--strict"], scratch)).toMatch(/All good!/);
    // TypeScript's node16 from CommonJS reports "ESM (dynamic import only)": the
    // package has no CommonJS build, and Node's require() of an ES module is what
    // CommonJS users get (the require test below). Every other rule holds, node10 included.
    // attw exits 1 on any other problem (run() throws then).
    const attw = run(bin("attw"), [tarballPath, "--ignore-rules", "cjs-resolves-to-esm", "--format", "json"], scratch);
    const { analysis } = JSON.parse(attw);
    expect(Object.keys(analysis.entrypoints).sort()).toEqual([".", "./js", "./package.json"]);
    const other = (analysis.problems as { kind: string; resolutionKind: string }[]).filter(
      (p) => !(p.kind === "CJSResolvesToESM" && p.resolutionKind === "node16-cjs"),
    );
    expect(other).toEqual([]);
  });

  test("installed, it runs nothing from the work tree", () => {
    const installed = path.join(consumer, "node_modules", "swurl");
    expect(readdirSync(installed).sort()).toEqual(expect.arrayContaining(["build", "package.json", "README.md"]));
    expect(existsSync(path.join(installed, "src"))).toBe(false);
  });

  test("carries no command: no bin, none of the command's code or bundled packages", () => {
    const manifest = JSON.parse(readInstalled("package.json"));
    expect(manifest.bin).toBeUndefined();
    expect(existsSync(path.join(consumer, "node_modules", ".bin", "swurl"))).toBe(false);
    for (const file of packed.filter((f) => f.endsWith(".js"))) {
      const text = readInstalled(file);
      // The command's argument parser, its threads, and the Public Suffix List it bundles (tldts).
      expect(text, file).not.toMatch(/\bparseArgs\b|node:worker_threads|github\.io/);
    }
  });
});

describe("the command's tarball", () => {
  test("holds its bundle, and no sources", () => {
    expect(commandPacked).toEqual(expect.arrayContaining(["build/cli.js", "package.json", "README.md"]));
    expect(commandPacked.filter((f) => !/^(build\/(chunks\/)?[\w.-]+\.js|package\.json|README\.md)$/.test(f))).toEqual(
      [],
    );
  });

  test("depends on the library alone: installing it installs swurl and swurl-cli, and npm says nothing", () => {
    const installed = path.join(commandConsumer, "node_modules");
    expect(readdirSync(installed).filter((name) => !name.startsWith("."))).toEqual(["swurl", "swurl-cli"]);
    const manifest = JSON.parse(readFileSync(path.join(installed, "swurl-cli", "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ swurl: JSON.parse(readInstalled("package.json")).version });
    expect(Object.values(manifest.peerDependenciesMeta ?? {})).toEqual(
      Object.keys(manifest.peerDependencies ?? {}).map(() => ({ optional: true })),
    );
    expect(commandInstallErrors).toBe("");
  });

  test("passes publint", () => {
    expect(
      run(path.join(root, "node_modules", ".bin", "publint"), ["run", commandTarball, "--strict"], scratch),
    ).toMatch(/All good!/);
  });
});

/** Each Node line the package is tested on: the machine's, and the pinned LTS lines. */
const lines: [string, () => string][] = [
  [`machine (${process.version})`, () => process.execPath],
  ...LINES.map((line): [string, () => string] => [`Node ${line}`, () => nodeBinary(line)]),
];

const ESM = `
import { parse, canParse, kernel, createSwurl, validate, parseBatch } from "swurl";
import * as js from "swurl/js";
const url = parse("HTTPS://User@EXAMPLE.com:443/a/./b/../c?q#f");
console.log(JSON.stringify({
  href: url.href, kernel, jsKernel: js.kernel, js: js.parse("http://例え.テスト/x").href,
  canParse: canParse("http://[::1"), scalar: createSwurl("wasm").parse("http://a/b/../c").href,
  validate: [validate("ftp://h/a;type=q").length > 0, validate("ftp://h/a;type=i").length], batch: parseBatch("http://a/\\nnot a url\\n").length,
}));
`;
const CJS = `
const swurl = require("swurl");
const js = require("swurl/js");
console.log(JSON.stringify({ href: swurl.parse("http://a.example/x/../y").href, kernel: swurl.kernel, js: js.kernel }));
`;

describe.each(lines)("installed, on %s", (_name, binary) => {
  test("import and swurl/js work", () => {
    const out = JSON.parse(run(binary(), ["--input-type=module", "-e", ESM], consumer));
    expect(out).toEqual({
      href: "https://User@example.com/a/c?q#f",
      kernel: "wasm-simd",
      jsKernel: "js",
      js: "http://xn--r8jz45g.xn--zckzah/x",
      canParse: false,
      scalar: "http://a/c",
      validate: [true, 0],
      batch: 2,
    });
  });

  test("require works (require of an ES module, Node >= 20.19)", () => {
    const out = JSON.parse(run(binary(), ["-e", CJS], consumer));
    expect(out).toEqual({ href: "http://a.example/y", kernel: "wasm-simd", js: "js" });
  });
});

/** The suites of test/cli/ that run the command as a process (test/helpers/cli-run.ts), which SWURL_CLI can point at the installed one. */
const COMMAND_SUITES = readdirSync(path.join(root, "test", "cli"))
  .filter((f) => f.endsWith(".test.ts"))
  .filter((f) => readFileSync(path.join(root, "test", "cli", f), "utf8").includes("../helpers/cli-run"))
  .map((f) => `test/cli/${f}`);

describe.each(lines)("the command installed, on %s", (_name, binary) => {
  test("test/cli's suites pass against it", { timeout: 1_800_000 }, () => {
    expect(COMMAND_SUITES).toContain("test/cli/command.test.ts");
    const bin = path.join(fullConsumer, "node_modules", "swurl-cli", "build", "cli.js");
    const env = { ...process.env, SWURL_CLI: bin };
    const result = runChild(
      binary(),
      [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...COMMAND_SUITES],
      {
        cwd: root,
        env,
        encoding: "utf8",
        timeout: 1_700_000,
      },
    );
    expect(result.stdout.replace(/\x1b\[[0-9;]*m/g, ""), result.stderr).toMatch(/Tests +\d+ passed \(\d+\)/);
    expect(result.status).toBe(0);
  });

  test("npx swurl runs the installed command", () => {
    // npx runs the bin's `#!/usr/bin/env node` with the first `node` on PATH.
    const env = { ...process.env, PATH: `${path.dirname(binary())}${path.delimiter}${process.env.PATH}` };
    expect(run("npx", ["--no-install", "swurl", "--help"], commandConsumer, env)).toMatch(/swurl/);
    // By the package's name too, as the README's first screen says (its one bin).
    expect(run("npx", ["--no-install", "swurl-cli", "--version"], commandConsumer, env)).toMatch(
      /^swurl \d+\.\d+\.\d+\n$/,
    );
    writeFileSync(path.join(commandConsumer, "urls.txt"), "https://EXAMPLE.com/a/../b\nnot a url\n");
    const result: SpawnSyncReturns<string> = runChild(
      "npx",
      ["--no-install", "swurl", "parse", "--fields", "href", "urls.txt"],
      { cwd: commandConsumer, env, encoding: "utf8" },
    );
    expect(result.stderr).not.toMatch(/Error|at /);
    expect(result.stdout.trim().split("\n")).toEqual([
      '{"href":"https://example.com/b"}',
      '{"input":"not a url","error":"invalid"}',
    ]);
    expect(result.status).toBe(0);
  });

  test("npx swurl extract --input html runs on the bundled HTML tokenizer (no package of its own installed)", () => {
    const env = { ...process.env, PATH: `${path.dirname(binary())}${path.delimiter}${process.env.PATH}` };
    expect(existsSync(path.join(commandConsumer, "node_modules", "parse5-sax-parser"))).toBe(false);
    expect(existsSync(path.join(commandConsumer, "node_modules", "parse5"))).toBe(false);
    writeFileSync(
      path.join(commandConsumer, "page.html"),
      `<base href="/d/"><a href="x?a=1&amp;b=2">x</a><a href="mailto:a@b.c">`,
    );
    const result: SpawnSyncReturns<string> = runChild(
      "npx",
      ["--no-install", "swurl", "extract", "--input", "html", "--base", "https://example.com/", "page.html"],
      { cwd: commandConsumer, env, encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("https://example.com/d/x?a=1&b=2\nmailto:a@b.c\n");
    expect(result.status).toBe(0);
  });

  test("npx swurl stats reports registrable domains (the command's bundled Public Suffix List)", () => {
    const env = { ...process.env, PATH: `${path.dirname(binary())}${path.delimiter}${process.env.PATH}` };
    writeFileSync(
      path.join(commandConsumer, "hosts.txt"),
      "https://www.example.co.uk/a\nhttps://blog.example.co.uk/b\nhttp://foo.github.io/x\n",
    );
    const out = JSON.parse(run("npx", ["--no-install", "swurl", "stats", "--json", "hosts.txt"], commandConsumer, env));
    expect(out.topDomains).toEqual([
      { label: "example.co.uk", count: 2 },
      { label: "foo.github.io", count: 1 },
    ]);
    const text = run("npx", ["--no-install", "swurl", "stats", "hosts.txt"], commandConsumer, env);
    expect(text).toMatch(/Top registrable domains {2}2 distinct[^\n]*\n {2}example\.co\.uk {2}2 /);
  });

  test("npx swurl --format parquet says which packages it needs (optional peers, not installed here)", () => {
    const env = { ...process.env, PATH: `${path.dirname(binary())}${path.delimiter}${process.env.PATH}` };
    writeFileSync(path.join(commandConsumer, "urls.txt"), "https://EXAMPLE.com/a/../b\nnot a url\n");
    const output = path.join(commandConsumer, "out.parquet");
    rmSync(output, { force: true });
    const result = runChild(
      "npx",
      ["--no-install", "swurl", "parse", "--format", "parquet", "--output", "out.parquet", "urls.txt"],
      { cwd: commandConsumer, env, encoding: "utf8" },
    );
    // Only swurl's one line (npm may add warnings of its own configuration).
    const lines = result.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("npm warn"));
    expect(lines).toEqual([
      "swurl: --format parquet needs the packages apache-arrow and parquet-wasm: npm install apache-arrow@21 parquet-wasm@0.8",
    ]);
    expect(result.status).toBe(1);
    // Stopped before opening the output: a file handle left open for the
    // garbage collector printed its warning on stderr, under load.
    expect(existsSync(output)).toBe(false);
    // Arrow needs apache-arrow alone (issue #36 item 15).
    const arrow = runChild(
      "npx",
      ["--no-install", "swurl", "parse", "--format", "arrow", "-o", "out.arrow", "urls.txt"],
      {
        cwd: commandConsumer,
        env,
        encoding: "utf8",
      },
    );
    expect(arrow.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("npm warn"))).toEqual([
      "swurl: --format arrow needs the package apache-arrow: npm install apache-arrow@21",
    ]);
  });
});

/** tsconfig compilerOptions of a consumer project, by the moduleResolution it uses. */
const resolutions: Record<string, object> = {
  // A Node.js ESM project in TypeScript, with Node's types.
  node16: { module: "node16", moduleResolution: "node16", types: ["node"] },
  nodenext: { module: "nodenext", moduleResolution: "nodenext", types: ["node"] },
  // A Node.js project with Node's types and no DOM library.
  "nodenext, lib es2023 without DOM": {
    module: "nodenext",
    moduleResolution: "nodenext",
    types: ["node"],
    lib: ["es2023"],
  },
  // A browser project with a bundler, without Node's types.
  bundler: { module: "preserve", moduleResolution: "bundler", types: [], lib: ["es2022", "dom"] },
};

const USE = `
import { parse, canParse, parseStream, createSwurl, type ParsedUrl, type Diagnostic } from "swurl";
import { validate } from "swurl/js";
const url: ParsedUrl | null = parse("https://example.com/a", "https://example.com/");
export const host: string | undefined = url?.hostname;
export const ok: boolean = canParse("x") && createSwurl("js").canParse("y");
export const found: Diagnostic[] = validate("ftp://h/a");
export async function count(stream: ReadableStream<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const batch of parseStream(stream)) n += batch.length;
  return n;
}
`;
const MISUSE = `
import { parse } from "swurl";
export const n: number = parse("https://example.com/");
`;

describe.each(Object.entries(resolutions))(
  "the types, in a consumer project with moduleResolution %s",
  (name, options) => {
    function compile(source: string): SpawnSyncReturns<string> {
      const dir = path.join(consumer, `types-${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "use.ts"), source);
      const compilerOptions = {
        target: "es2022",
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        typeRoots: [path.join(root, "node_modules", "@types")],
        ...options,
      };
      writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["use.ts"] }));
      return runChild(tsc, ["-p", dir], { cwd: dir, encoding: "utf8" });
    }

    test("compile without an error", () => {
      const result = compile(USE);
      expect(result.stdout + result.stderr).toBe("");
      expect(result.status).toBe(0);
    });

    test("are real types: a misuse is an error", () => {
      const result = compile(MISUSE);
      expect(result.stdout).toMatch(
        /use\.ts\(3,14\): error TS2322: Type 'ParsedUrl \| null' is not assignable to type 'number'/,
      );
      expect(result.status).not.toBe(0);
    });
  },
);

function readInstalled(file: string): string {
  return readFileSync(path.join(consumer, "node_modules", "swurl", file), "utf8");
}
