// The wrapper's layers: src/ has no import cycle (type imports included), the
// kernel layer (src/kernel/) imports nothing from the feature modules above
// it, and every build of the kernel has the exports its generated typings
// (src/generated/kernel.ts) name.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSwurl } from "../build/index.js";
import { importCycles, importGraph } from "../scripts/import-cycles.mjs";
import { KERNEL_EXPORTS } from "../src/generated/kernel";
import { internals } from "./internals";

/** Modules the kernel layer may import: its own, the generated typings, and the argument checks (which import nothing). */
const BELOW_FEATURES = /^src\/(kernel|generated)\/|^src\/check\.ts$/;

describe("src/ imports", () => {
  const graph = importGraph("src");

  it("are read: the graph has the known edges", () => {
    // A reader that found no imports would find no cycle either.
    expect(graph.get("src/api.ts")).toContain("src/kernel/arena.ts");
    expect(graph.get("src/stream.ts")).toContain("src/check.ts");
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
    expect(graph.get("src/check.ts")).toEqual([]);
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
