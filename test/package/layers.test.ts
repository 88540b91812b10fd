// The wrapper's layers: src/ has no import cycle (type imports included), the
// kernel layer (src/kernel/) imports nothing from the feature modules above
// it, the library imports nothing of the command (src/cli.ts, src/cli/) and no
// package, the command reaches the library only through its public entry
// (src/index.ts) and its one internal entry (src/internal.ts), and every build
// of the kernel has the exports its generated typings (src/generated/kernel.ts) name.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, packageImports } from "../../scripts/import-cycles.mjs";
import * as GENERATED from "../../src/generated/kernel";
import { KERNEL_MODULES, wasmFile } from "../../scripts/kernel-modules.mjs";
import {
  BULK,
  CANONICAL,
  createSwurl as createBundled,
  DEDUPE_MODULE,
  RFC1738,
  URLPATTERN,
} from "../helpers/kernel-modules";

/** The backend of an API object of the bundle of test/helpers/kernel-modules.ts. */
const bundledInternals = (api: object) =>
  (api as Record<symbol, { backend: { kernel: object; instance(m: object): object } }>)[Symbol.for("swurl.internals")];

/** Modules the kernel layer may import: its own (the argument checks among them) and the generated typings. */
const BELOW_FEATURES = /^src\/(kernel|generated)\//;

/** The command's modules: its entry and src/cli/. */
const isCommand = (file: string) => file === "src/cli.ts" || file.startsWith("src/cli/");
/** What the command's modules may import of the rest: the public entry and the one internal entry. */
const COMMAND_MAY_IMPORT = ["src/index.ts", "src/internal.ts"];
/** The packages the command imports (node: built-ins aside): the bundled Public Suffix List and the optional peers. */
const COMMAND_PACKAGES = ["apache-arrow", "parquet-wasm", "parse5-sax-parser", "tldts"];
/** The command's packages that the build bundles into it (devDependencies); the others are optional peers. */
const BUNDLED_PACKAGES = ["parse5-sax-parser", "tldts"];

/** The edges of `graph` that break the command's rules, as "from -> to". */
function commandViolations(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) =>
        isCommand(file)
          ? !isCommand(target) && !COMMAND_MAY_IMPORT.includes(target)
          : isCommand(target) || (target === "src/internal.ts" && file.startsWith("src/")),
      )
      .map((target) => `${file} -> ${target}`),
  );
}

describe("src/ imports", () => {
  const graph = importGraph("src");

  it("are read: the graph has the known edges", () => {
    // A reader that found no imports would find no cycle either.
    expect(graph.get("src/api/create.ts")).toContain("src/kernel/arena.ts");
    expect(graph.get("src/bulk/stream.ts")).toContain("src/kernel/check.ts");
    expect(graph.get("src/kernel/backend.ts")).toContain("src/generated/kernel.ts");
  });

  it("have no cycle", () => {
    expect(importCycles(graph)).toEqual([]);
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

  it("of src/kernel/ stay below the features", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith("src/kernel/")
        ? targets.filter((t) => !BELOW_FEATURES.test(t)).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(upward).toEqual([]);
    expect(graph.get("src/kernel/check.ts")).toEqual([]);
  });
});

describe("the library and the command", () => {
  // assembly/ too: the command must not read the kernel's layout either.
  const graph = importGraph(["src", "assembly"]);

  it("are read: the graph has the known edges", () => {
    expect(graph.get("src/cli.ts")).toContain("src/cli/start.ts");
    expect(graph.get("src/cli/start.ts")).toContain("src/cli/main.ts");
    expect(graph.get("src/cli/href-pieces.ts")).toContain("src/internal.ts");
    expect(graph.get("src/cli/records.ts")).toContain("src/index.ts");
    expect(graph.get("src/internal.ts")).toContain("assembly/layout.ts");
  });

  it("the library imports nothing of the command (nor src/internal.ts), the command only the two entries", () => {
    expect(commandViolations(graph)).toEqual([]);
  });

  it("find a violation where there is one", () => {
    const broken = new Map([
      ["src/cli/a.ts", ["src/whatwg/url.ts", "src/index.ts", "src/cli/b.ts"]],
      ["src/cli/b.ts", ["assembly/layout.ts", "src/internal.ts"]],
      ["src/bulk/batch.ts", ["src/cli/b.ts"]],
      ["src/index.ts", ["src/internal.ts"]],
    ]);
    expect(commandViolations(broken)).toEqual([
      "src/cli/a.ts -> src/whatwg/url.ts",
      "src/cli/b.ts -> assembly/layout.ts",
      "src/bulk/batch.ts -> src/cli/b.ts",
      "src/index.ts -> src/internal.ts",
    ]);
  });

  it("import packages: the library none (only the kernel's JS build, an alias of assembly/), the command its own", () => {
    const imports = packageImports("src");
    const library = [...imports].flatMap(([file, packages]) =>
      isCommand(file) ? [] : packages.filter((p) => !p.startsWith("swurl-kernel-js/")).map((p) => `${file} -> ${p}`),
    );
    expect(library).toEqual([]);
    // A package by its name ("parquet-wasm/node" is parquet-wasm).
    const command = new Set(
      [...imports].flatMap(([file, packages]) => (isCommand(file) ? packages.map((p) => p.replace(/\/.*$/, "")) : [])),
    );
    expect([...command].filter((p) => !p.startsWith("node:")).sort()).toEqual(COMMAND_PACKAGES);
  });

  it("the package declares no runtime dependency, and the command's packages are dev or optional peer ones", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8"));
    expect(manifest.dependencies).toBeUndefined();
    for (const name of COMMAND_PACKAGES) {
      expect(
        name in manifest.devDependencies &&
          (BUNDLED_PACKAGES.includes(name) || manifest.peerDependenciesMeta[name]?.optional),
        name,
      ).toBe(true);
    }
  });
});

describe("bench/ and scripts/", () => {
  /** The relative imports of the .mjs files of `dir` that lead into `other`, as "file -> specifier". */
  const into = (dir: string, other: string) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".mjs") && !f.startsWith("data/"))
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
    dedupe: DEDUPE_MODULE,
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
      const js = name === "core" ? backend.kernel : backend.instance(descriptors[name]);
      expect(functions(js, ["attachHeap"])).toEqual(names);
    },
  );
});
