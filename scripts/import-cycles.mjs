// The import graph of src/ and its cycles, type imports included: a module
// that imports itself through others can be evaluated half-initialised, and
// a type cycle ties layers together that should stand one on the other.
//
//   node scripts/import-cycles.mjs        prints each cycle; exits 1 if there is one
//
// Written here rather than taken from madge or dpdm: those pull in a module
// resolver or a second TypeScript compiler (npm view: dpdm 4.3 depends on
// typescript 5 and six more packages, madge 8 on twelve), where src/ needs
// only its relative imports read, in a few milliseconds.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Every `import ... from "x"`, `export ... from "x"`, `import "x"` and `import("x")`, once comments are gone. */
const SPECIFIER = /(?:\b(?:import|export)\b[^;"'`]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:"'\\])\/\/[^\n]*/g;

/** The .ts files below `dir`, as paths relative to the repository. */
function sources(dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** The file a relative specifier names ("./x.js" is ./x.ts or ./x.d.ts), or null outside `files`. */
function resolve(from, specifier, files) {
  if (!specifier.startsWith(".")) return null;
  const target = path.join(path.dirname(from), specifier).replace(/\.js$/, "");
  for (const candidate of [`${target}.ts`, `${target}.d.ts`, path.join(target, "index.ts")]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** The specifiers a file imports, comments left out. */
function specifiers(file) {
  const text = readFileSync(path.join(root, file), "utf8").replace(COMMENT, "");
  return [...text.matchAll(SPECIFIER)].map(([, specifier]) => specifier);
}

/**
 * Each .ts file below `dirs` with the files below `dirs` it imports (type imports included).
 * @param {string | string[]} dirs
 * @returns {Map<string, string[]>}
 */
export function importGraph(dirs = "src") {
  const files = new Set([dirs].flat().flatMap(sources));
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of specifiers(file)) {
      const target = resolve(file, specifier, files);
      if (target !== null) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * Each .ts file below `dir` with the packages it imports (every specifier
 * that is not a relative path: "node:fs", "tldts").
 * @returns {Map<string, string[]>}
 */
export function packageImports(dir = "src") {
  return new Map(
    sources(dir).map((file) => [file, [...new Set(specifiers(file).filter((s) => !s.startsWith(".")))].sort()]),
  );
}

/**
 * Cycles of `graph` (one per back edge of a depth-first walk: none exactly
 * when it has none), each as its files, the first repeated at the end.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function importCycles(graph) {
  const found = [];
  const state = new Map(); // file -> "open" while on the path, "done" after
  const stack = [];
  const visit = (file) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = importCycles(importGraph());
  for (const cycle of cycles) console.log(cycle.join(" -> "));
  console.log(cycles.length === 0 ? "src/: no import cycle" : `src/: ${cycles.length} import cycle(s)`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
