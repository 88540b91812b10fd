// The layers of the library and of the command, as a table: each folder of
// src/, assembly/ and the command's package (packages/cli/) with the folders it
// may import, so that every arrow between folders is one the table names, and
// none runs both ways. src/ has no import cycle (type imports included); the
// library imports no package; the command reaches the library only by its
// package name ("swurl"); and every build of the kernel has the exports its
// generated typings (src/generated/kernel.ts) name.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, packageImports } from "../../scripts/import-cycles.mjs";
import * as GENERATED from "../../src/generated/kernel";
import { KERNEL_MODULES, wasmFile } from "../../scripts/kernel-modules.mjs";
import { BULK, CANONICAL, createSwurl as createBundled, RFC1738, URLPATTERN } from "../helpers/kernel-modules";

/** The backend of an API object of the bundle of test/helpers/kernel-modules.ts. */
const bundledInternals = (api: object) =>
  (api as Record<symbol, { backend: { core: object; instance(m: object): object } }>)[Symbol.for("swurl.internals")];

/** The command's package. */
const CLI = "packages/cli";

/**
 * What each folder may import besides itself. A folder not in the table may
 * import nothing, and has no row until someone decides where it stands.
 */
const LAYERS: Record<string, string[]> = {
  // The kernel: its feature folders on the core's byte helpers, and its entries on all.
  "assembly (entries)": ["assembly", "assembly/canonical", "assembly/rfc1738", "assembly/urlpattern"],
  assembly: [],
  "assembly/bulk": ["assembly"],
  "assembly/canonical": ["assembly"],
  "assembly/rfc1738": ["assembly"],
  "assembly/urlpattern": ["assembly"],
  // The wrapper, bottom up: argument checks and generated data first, then
  // the kernel's loading, then each spec's folder, then the API's wiring.
  "src/arguments": [],
  "src/generated": [],
  "src/kernel": ["assembly", "src/arguments", "src/generated"],
  "src/whatwg": ["assembly", "src/arguments", "src/generated", "src/kernel"],
  "src/rfc1630": [],
  "src/rfc3986": ["assembly", "src/arguments", "src/kernel", "src/rfc1630"],
  "src/rfc1738": ["assembly", "assembly/rfc1738", "src/arguments", "src/kernel", "src/rfc3986", "src/whatwg"],
  "src/rfc3987": ["assembly", "assembly/rfc1738", "src/arguments", "src/kernel", "src/rfc1738"],
  "src/bulk": ["assembly", "src/arguments", "src/kernel", "src/whatwg"],
  "src/canonical": ["assembly", "src/arguments", "src/kernel", "src/rfc1738", "src/rfc3986", "src/whatwg"],
  "src/urlpattern": ["assembly", "assembly/urlpattern", "src/kernel", "src/whatwg"],
  "src/api": [
    "src/arguments",
    "src/bulk",
    "src/canonical",
    "src/kernel",
    "src/rfc1738",
    "src/rfc3986",
    "src/rfc3987",
    "src/urlpattern",
    "src/whatwg",
  ],
  // The entries.
  src: ["src/api", "src/kernel", "src/whatwg"],
  // The command: its own WASM module (on the kernel's byte helpers, compiled
  // into the command's module: source, not the library's runtime), and its
  // TypeScript, which reaches the library only as the package "swurl". Its
  // base (command-module.ts) loads the module; the readers that run it
  // (dedupe, the log programs of input) read the layouts of its records.
  [`${CLI}/assembly`]: ["assembly"],
  [`${CLI}/src/generated`]: [],
  [`${CLI}/src (entries)`]: [`${CLI}/src`, `${CLI}/src/commands`, `${CLI}/src/threads`],
  [`${CLI}/src`]: [`${CLI}/src/generated`],
  [`${CLI}/src/input`]: [`${CLI}/assembly`, `${CLI}/src`],
  [`${CLI}/src/output`]: [`${CLI}/src`, `${CLI}/src/input`],
  [`${CLI}/src/dedupe`]: [`${CLI}/assembly`, `${CLI}/src`, `${CLI}/src/generated`],
  [`${CLI}/src/threads`]: [`${CLI}/src`, `${CLI}/src/input`],
  [`${CLI}/src/commands`]: [
    `${CLI}/src`,
    `${CLI}/src/dedupe`,
    `${CLI}/src/input`,
    `${CLI}/src/output`,
    `${CLI}/src/threads`,
  ],
};

/** The files that are entries: each stands on the folders it puts together, so its row is its own. */
const ENTRIES = [
  "assembly/index.ts",
  "assembly/js.ts",
  `${CLI}/src/cli.ts`,
  `${CLI}/src/start.ts`,
  `${CLI}/src/main.ts`,
];

/** A file's row in the table: its folder, or its folder's entries. */
function folderOf(file: string): string {
  const folder = file.slice(0, file.lastIndexOf("/"));
  return ENTRIES.includes(file) ? `${folder} (entries)` : folder;
}

/** The edges of `graph` between folders that `layers` does not allow, as "from -> to". */
function violations(graph: Map<string, string[]>, layers: Record<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = folderOf(file);
    return targets
      .filter((target) => {
        const to = folderOf(target);
        return to !== from && !(layers[from] ?? []).includes(to);
      })
      .map((target) => `${file} -> ${target}`);
  });
}

/** The packages the command imports (node: built-ins aside): the library, the bundled Public Suffix List and HTML tokenizer, the optional peers. */
const COMMAND_PACKAGES = ["apache-arrow", "parquet-wasm", "parse5-sax-parser", "swurl", "tldts"];
/** The command's packages that its build bundles (its devDependencies); "swurl" is its one dependency, the rest optional peers. */
const BUNDLED_PACKAGES = ["parse5-sax-parser", "tldts"];

describe("the layers", () => {
  const graph = importGraph(["src", "assembly", `${CLI}/src`, `${CLI}/assembly`]);

  it("are read: the graph has the known edges", () => {
    // A reader that found no imports would find no violation either.
    expect(graph.get("src/api/create.ts")).toContain("src/kernel/arena.ts");
    expect(graph.get("src/bulk/stream.ts")).toContain("src/arguments/check.ts");
    expect(graph.get("src/kernel/backend.ts")).toContain("src/generated/kernel.ts");
    expect(graph.get(`${CLI}/src/cli.ts`)).toContain(`${CLI}/src/start.ts`);
    expect(graph.get(`${CLI}/src/dedupe/dedupe.ts`)).toContain(`${CLI}/assembly/dedupe-layout.ts`);
  });

  it("have a row for every folder, and every row is a folder", () => {
    const folders = new Set([...graph.keys()].map(folderOf));
    expect(folders).toContain("assembly (entries)");
    expect([...folders].filter((f) => !(f in LAYERS))).toEqual([]);
    expect(Object.keys(LAYERS).filter((f) => !folders.has(f))).toEqual([]);
  });

  it("hold: every import between folders is one the table allows", () => {
    expect(violations(graph, LAYERS)).toEqual([]);
  });

  it("run one way: no two folders may import each other", () => {
    const both = Object.entries(LAYERS).flatMap(([from, tos]) =>
      tos.filter((to) => from < to && LAYERS[to]?.includes(from)).map((to) => `${from} <-> ${to}`),
    );
    expect(both).toEqual([]);
  });

  it("find a wrong import where there is one", () => {
    // The rows as they stand, with imports planted against them.
    const planted = new Map([
      ["src/urlpattern/a.ts", ["src/api/lazy.ts", "src/kernel/arena.ts"]],
      ["src/rfc3986/split.ts", ["src/rfc1738/prefix.ts"]],
      ["src/kernel/arena.ts", ["src/whatwg/url.ts"]],
      ["src/nowhere/x.ts", ["src/kernel/arena.ts"]],
      [`${CLI}/src/input/records.ts`, ["src/index.ts", "assembly/layout.ts", `${CLI}/src/errors.ts`]],
      ["src/bulk/batch.ts", [`${CLI}/src/io.ts`]],
    ]);
    expect(violations(planted, LAYERS)).toEqual([
      "src/urlpattern/a.ts -> src/api/lazy.ts",
      "src/rfc3986/split.ts -> src/rfc1738/prefix.ts",
      "src/kernel/arena.ts -> src/whatwg/url.ts",
      "src/nowhere/x.ts -> src/kernel/arena.ts",
      `${CLI}/src/input/records.ts -> src/index.ts`,
      `${CLI}/src/input/records.ts -> assembly/layout.ts`,
      "src/bulk/batch.ts -> packages/cli/src/io.ts",
    ]);
  });

  it("of src/ have no cycle", () => {
    expect(importCycles(importGraph("src"))).toEqual([]);
  });

  it("find a cycle where there is one", () => {
    const cyclic = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCycles(cyclic)).toEqual([["a", "b", "c", "a"]]);
  });
});

describe("the library and the command", () => {
  it("import packages: the library none (only the kernel's JS build, an alias of assembly/), the command its own", () => {
    const library = [...packageImports("src")].flatMap(([file, packages]) =>
      packages.filter((p) => !p.startsWith("swurl-kernel-js/")).map((p) => `${file} -> ${p}`),
    );
    expect(library).toEqual([]);
    // A package by its name ("parquet-wasm/node" is parquet-wasm).
    const command = new Set(
      [...packageImports(`${CLI}/src`)].flatMap(([, packages]) => packages.map((p) => p.replace(/\/.*$/, ""))),
    );
    expect([...command].filter((p) => !p.startsWith("node:")).sort()).toEqual(COMMAND_PACKAGES);
  });

  it("the library declares no runtime dependency; the command depends on the library alone", () => {
    const library = JSON.parse(readFileSync("package.json", "utf8"));
    expect(library.dependencies).toBeUndefined();
    expect(library.peerDependencies).toBeUndefined();
    const command = JSON.parse(readFileSync(`${CLI}/package.json`, "utf8"));
    expect(command.dependencies).toEqual({ swurl: library.version });
    for (const name of COMMAND_PACKAGES.filter((p) => p !== "swurl")) {
      expect(
        name in command.devDependencies &&
          (BUNDLED_PACKAGES.includes(name) || command.peerDependenciesMeta[name]?.optional),
        name,
      ).toBe(true);
    }
  });
});

describe("bench/ and scripts/", () => {
  /** The relative imports of the .mjs files of `dir` that lead into `other`, as "file -> specifier". */
  const into = (dir: string, other: string) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".mjs"))
      .flatMap((f) =>
        [...readFileSync(`${dir}/${f}`, "utf8").matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]*)"/g)]
          .map(([, spec]) => spec!)
          .filter((spec) => new URL(spec, `file:///r/${dir}/${f}`).pathname.startsWith(`/r/${other}/`))
          .map((spec) => `${dir}/${f} -> ${spec}`),
      );

  it("import in one direction: bench/ uses the tools of scripts/, scripts/ nothing of bench/", () => {
    expect(into("bench", "scripts")).toContain("bench/matrix.mjs -> ../scripts/node-lines.mjs");
    expect(into("scripts", "bench")).toEqual([]);
  });
});

describe("kernel exports", () => {
  const functions = (exports: object, leave: string[]) =>
    Object.entries(exports)
      .filter(([name, value]) => typeof value === "function" && !leave.includes(name))
      .map(([name]) => name)
      .sort();
  const descriptors: Record<string, object> = {
    bulk: BULK,
    canonical: CANONICAL,
    rfc1738: RFC1738,
    urlpattern: URLPATTERN,
  };

  it.each(KERNEL_MODULES.map((m: { name: string }) => [m.name, m]))(
    "of the %s module are the same names in both WASM builds, the JS build and the generated typings",
    (name, module) => {
      const names = [...(GENERATED as Record<string, readonly string[]>)[`${name.toUpperCase()}_EXPORTS`]].sort();
      expect(names.length).toBeGreaterThan(0);
      for (const file of [wasmFile(module, "simd"), wasmFile(module, "scalar")]) {
        const compiled = new WebAssembly.Module(readFileSync(file));
        const exported = WebAssembly.Module.exports(compiled);
        expect(
          exported
            .filter((e) => e.kind === "function")
            .map((e) => e.name)
            .sort(),
          file,
        ).toEqual(names);
        expect(
          exported.filter((e) => e.kind !== "function").map((e) => e.name),
          file,
        ).toEqual(["memory"]);
        // A feature module imports the core's memory, and functions of the core only.
        const imported = WebAssembly.Module.imports(compiled).map((i) => `${i.module}.${i.name}`);
        if (name === "core") expect(imported, file).toEqual([]);
        else {
          expect(imported, file).toContain("env.memory");
          for (const i of imported.filter((i) => i !== "env.memory"))
            expect(
              GENERATED.CORE_EXPORTS.map((e) => `core.${e}`),
              file,
            ).toContain(i);
        }
      }
      // The JS build's core also exports the hook that hands it its heap.
      const backend = bundledInternals(createBundled("js")).backend;
      const js = name === "core" ? backend.core : backend.instance(descriptors[name]);
      expect(functions(js, ["attachHeap"])).toEqual(names);
    },
  );
});
