// Every export of a module of src/ and assembly/ (the library's and the
// command's, packages/cli/) is read by another file (a
// module, a test, a benchmark or a script): a name no other file reads is a
// name the module need not show. The entries' exports are the API itself.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Modules whose exports are the package's (or the kernel's) entries: every name there is public. */
const ENTRIES = [
  "src/index.ts",
  "src/js.ts",
  "src/api/public.ts",
  // Re-exported whole as types by src/api/public.ts.
  "src/rfc1738/index.ts",
  "assembly/index.ts",
  "assembly/js.ts",
  "packages/cli/src/cli.ts",
  "packages/cli/assembly/index.ts",
];

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => /\.(ts|mjs)$/.test(f) && !/^(bench\/data|test\/fixtures|tools)\//.test(f))
  .filter((f) => existsSync(path.join(root, f)));
const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));

const DECLARATION = /^export (?:declare )?(?:async )?(?:const|let|function|class|type|interface|enum) (\w+)/gm;

/** Each export of `modules` that no other of `all` names, as "file: name". */
function unread(modules: string[], all: Map<string, string>): string[] {
  return modules.flatMap((file) =>
    [...all.get(file)!.matchAll(DECLARATION)]
      .map(([, name]) => name!)
      .filter((name) => {
        const word = new RegExp(`\\b${name}\\b`);
        return ![...all].some(([other, text]) => other !== file && word.test(text));
      })
      .map((name) => `${file}: ${name}`),
  );
}

describe("exports", () => {
  it("finds an export that no other file reads", () => {
    const made = new Map([
      ["src/a.ts", "export const used = 1;\nexport function alone() {}\n"],
      ["src/b.ts", 'import { used } from "./a.js";\n'],
    ]);
    expect(unread(["src/a.ts"], made)).toEqual(["src/a.ts: alone"]);
  });

  it("of src/ and assembly/ are each read by another file", () => {
    const modules = files.filter(
      (f) =>
        /^(packages\/cli\/)?(src|assembly)\//.test(f) &&
        f.endsWith(".ts") &&
        !/^(packages\/cli\/)?src\/generated\//.test(f) &&
        !ENTRIES.includes(f),
    );
    expect(modules).toContain("src/whatwg/parse.ts");
    expect(modules).toContain("packages/cli/src/dedupe/module.ts");
    expect(unread(modules, texts)).toEqual([]);
  });
});
