// URLPattern in every entry of the package (swurl, swurl/js, and their browser
// builds), and left out by a bundler of a program that imports only parse().
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleSource } from "../../scripts/bundle.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const ENTRIES = ["build/index.js", "build/js.js", "build/browser/index.js", "build/browser/js.js"];

/** A minified browser bundle of a program importing `names` from the browser entry. */
async function bundle(names: string): Promise<string> {
  const entry = JSON.stringify(path.join(root, "build/browser/index.js"));
  const source = `import { ${names} } from ${entry}; globalThis.out = [${names}];`;
  return Buffer.from(
    await bundleSource(source, "js", { minify: true, platform: "browser", target: "es2022" }),
  ).toString();
}

/** Text only URLPattern's code has: its canonicalizers' dummy URL and a part type. */
const PATTERN_CODE = /dummy\.invalid|segment-wildcard/;

describe("URLPattern in the entries", () => {
  it.each(ENTRIES)("%s exports a working URLPattern", async (file) => {
    const api = await import(path.join(root, file));
    const pattern = new api.URLPattern({ pathname: "/books/:id" });
    expect(pattern.exec("https://x/books/7")?.pathname.groups).toEqual({ id: "7" });
    expect(api.URLPattern.name).toBe("URLPattern");
  });

  it("is tree-shaken out of a { parse } bundle, and kept in one that imports it", async () => {
    expect(await bundle("parse")).not.toMatch(PATTERN_CODE);
    expect(await bundle("parse, URLPattern")).toMatch(PATTERN_CODE);
  });
});
