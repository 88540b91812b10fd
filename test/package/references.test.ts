// Every file a comment or a document names is in the repository: a path of
// src/, assembly/, test/, bench/, scripts/, docs/ or packages/, and a Markdown file named
// on its own (beside the file that names it, in docs/ or at the root); in a
// package of packages/, a path may be the package's own (its assembly/). A file
// moved or never written leaves a reader looking for it.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The repository's text files: tracked, and new ones not ignored; vendored data aside, but for its READMEs. */
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => /\.(ts|mjs|js|md|json|jsonc)$/.test(f))
  .filter((f) => !/^(bench\/data|test\/fixtures|tools)\//.test(f) || /^(bench\/data|test\/fixtures)\/.*\.md$/.test(f))
  .filter((f) => f !== "package-lock.json" && existsSync(path.join(root, f)));

/** A path below one of the repository's folders, as prose and comments write it. */
const PATH = /(?<![\w./@-])((?:src|assembly|test|bench|scripts|docs|packages)\/[\w./-]*[\w/])/g;
/** A Markdown file named on its own. */
const MARKDOWN = /(?<![\w./-])([\w-]+\.md)\b/g;

/** Names that are not this repository's files, by the file that writes them. */
const ELSEWHERE: Record<string, string[]> = {
  // Ada's own source tree, which the native benchmark builds from.
  "bench/ada-native/README.md": ["src/ada.cpp"],
  "bench/ada-native/run.mjs": ["src/ada.cpp"],
  // Made-up modules of an import graph that breaks the layers on purpose.
  "test/package/layers.test.ts": [
    "src/urlpattern/a.ts",
    "src/api/lazy.ts",
    "src/rfc1738/prefix.ts",
    "src/nowhere/x.ts",
  ],
  // A shape of generated file: URL (a path, not a file here), and URL_Shortener's own licence file.
  "bench/data/README.md": ["docs/readme.md", "LICENSE.md"],
  // apify-shared-js's own test file, where the cases came from.
  "test/fixtures/canon/README.md": ["test/utilities.client.test.ts"],
  // Made-up modules of the check that finds unread exports.
  "test/package/exports.test.ts": ["src/a.ts", "src/b.ts"],
};

/** The names in `text` (of `file`) that are not in the repository. */
function missing(file: string, text: string, exists: (p: string) => boolean): string[] {
  const found: string[] = [];
  for (const [, name] of text.matchAll(PATH)) {
    if (!exists(name!) && !ELSEWHERE[file]?.includes(name!)) found.push(name!);
  }
  for (const [, name] of text.matchAll(MARKDOWN)) {
    const places = [path.join(path.dirname(file), name!), name!, path.join("docs", name!)];
    if (!places.some(exists) && !ELSEWHERE[file]?.includes(name!)) found.push(name!);
  }
  return found;
}

/** What writes each folder .gitignore names: a file of the repository that names the folder. */
const WRITERS: Record<string, [file: string, names: string]> = {
  "node_modules/": ["package-lock.json", '"node_modules/'],
  "build/": ["scripts/build.mjs", '"build/'],
  ".fuzz/": ["scripts/fuzz.mjs", '".fuzz"'],
  "src/generated/": ["scripts/gen-uts46.mjs", "src/generated/"],
  "packages/cli/build/": ["packages/cli/scripts/build.mjs", 'path.join(root, "build")'],
  "packages/cli/src/generated/": ["packages/cli/scripts/build.mjs", '"src/generated"'],
  "bench/data/generated/": ["scripts/data/generated-corpora.mjs", '"data", "generated"'],
};

/**
 * Whether `p` is in the repository, or in a folder that a tool of the
 * repository writes (WRITERS), which a fresh checkout does not have yet.
 */
const inRepository = (p: string) =>
  existsSync(path.join(root, p)) || Object.keys(WRITERS).some((folder) => `${p}/`.startsWith(folder));

/** inRepository(), and for a file of a package of packages/, the package's own paths too. */
function inPackageOf(file: string): (p: string) => boolean {
  const pkg = /^packages\/[^/]+\//.exec(file)?.[0];
  return (p) => inRepository(p) || (pkg !== undefined && inRepository(pkg + p));
}

describe(".gitignore", () => {
  it("names only folders that a tool of the repository writes", () => {
    const folders = readFileSync(path.join(root, ".gitignore"), "utf8")
      .split("\n")
      .filter((line) => line.endsWith("/") && !line.startsWith("#"));
    expect(folders).toContain("build/");
    for (const folder of folders) {
      expect(Object.keys(WRITERS), folder).toContain(folder);
      const [file, names] = WRITERS[folder]!;
      expect(readFileSync(path.join(root, file), "utf8"), `${folder} in ${file}`).toContain(names);
    }
  });
});

describe("files named in comments and documents", () => {
  it("are read: the check sees the names there are", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("src/index.ts");
    expect(files).toContain("test/fixtures/wpt/README.md");
    expect(
      missing("docs/x.md", "see API.md and src/nowhere.ts, not docs/api.md or src/index.ts", inRepository),
    ).toEqual(["src/nowhere.ts", "API.md"]);
  });

  it("are in the repository", () => {
    // This file's own examples aside.
    const absent = files
      .filter((file) => file !== "test/package/references.test.ts")
      .flatMap((file) =>
        missing(file, readFileSync(path.join(root, file), "utf8"), inPackageOf(file)).map((name) => `${file}: ${name}`),
      );
    expect(absent).toEqual([]);
  });
});
