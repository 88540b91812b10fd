// The wrapper's layers: src/ has no import cycle (type imports included), the
// kernel layer (src/kernel/) imports nothing from the feature modules above
// it, the library imports nothing of the command (src/cli.ts, src/cli/) and no
// package, the command reaches the library only through its public entry
// (src/index.ts) and its one internal entry (src/internal.ts), and every build
// of the kernel has the exports its generated typings (src/generated/kernel.ts) name.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSwurl } from "../../build/index.js";
import { importCycles, importGraph, packageImports } from "../../scripts/import-cycles.mjs";
import { KERNEL_EXPORTS } from "../../src/generated/kernel";
import { internals } from "../helpers/internals";

/** Modules the kernel layer may import: its own (the argument checks among them) and the generated typings. */
const BELOW_FEATURES = /^src\/(kernel|generated)\//;

/** The command's modules: its entry and src/cli/. */
const isCommand = (file: string) => file === "src/cli.ts" || file.startsWith("src/cli/");
/** What the command's modules may import of the rest: the public entry and the one internal entry. */
const COMMAND_MAY_IMPORT = ["src/index.ts", "src/internal.ts"];
/** The packages the command imports (node: built-ins aside): the bundled Public Suffix List and the optional peers. */
const COMMAND_PACKAGES = ["apache-arrow", "parquet-wasm", "tldts"];

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
    expect(graph.get("src/cli.ts")).toContain("src/cli/main.ts");
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
      isCommand(file) ? [] : packages.filter((p) => p !== "swurl-kernel-js").map((p) => `${file} -> ${p}`),
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
        name in manifest.devDependencies && (name === "tldts" || manifest.peerDependenciesMeta[name]?.optional),
        name,
      ).toBe(true);
    }
  });
});

describe("kernel exports", () => {
  const functions = (exports: object, leave: string[]) =>
    Object.entries(exports)
      .filter(([name, value]) => typeof value === "function" && !leave.includes(name))
      .map(([name]) => name)
      .sort();

  it("are the same names in both WASM modules, the JS build and the generated typings", () => {
    const names = [...KERNEL_EXPORTS].sort();
    for (const file of ["build/swurl.simd.wasm", "build/swurl.wasm"]) {
      const module = new WebAssembly.Module(readFileSync(file));
      const exported = WebAssembly.Module.exports(module);
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
    }
    // The JS build's module also exports the hook that hands it its heap.
    expect(functions(internals(createSwurl("js")).backend.kernel, ["attachHeap"])).toEqual(names);
  });
});
