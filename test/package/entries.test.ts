// The default exports of swurl are bound one by one to a kernel made on first
// use (src/index.ts), not taken from an API object as swurl/js's are: they
// must be the same functions as an instance's, and pass on every argument.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";

const instance = main.createSwurl();
const functionNames = (o: object) =>
  Object.keys(o)
    .filter((k) => typeof (o as Record<string, unknown>)[k] === "function")
    .sort();
/** Functions of an entry that are not part of an API object. */
const ENTRY_ONLY = ["ParsedUrl", "UrlBatch", "createSwurl", "bestKernel", "requestParts", "unescapeLogField"];

/** Calls whose answers depend on every argument, options included. */
const CALLS: [keyof typeof instance, unknown[]][] = [
  ["parse", ["../x?y#z", "https://a.example/b/c"]],
  ["canParse", ["/x", "https://a.example/"]],
  ["split", ["http://u@h:1/p?q#f"]],
  ["percentDecode", ["a+b%20c", { plusAsSpace: true }]],
  ["percentEncode", ["a b/é?", "component"]],
  ["schemeParts", ["file:///a%2Fb", { raw: true }]],
  ["schemeParts", ["ftp://h/a;type=AN", { lenient: true }]],
  ["defaultPort", ["gopher"]],
  ["resolve", ["//g", "magic:a/b//c/d", { rfc1630: true }]],
  ["equivalent", ["http://h/a#", "http://h/a"]],
  ["validate", ["gopher://h:25/0a%0D%0AHELO%20x"]],
  ["extractUrls", ["see <URL:ht\ntp://a.example/x> and http://b.example/."]],
  [
    "canonicalize",
    ["/a/../b?utm_source=x&id=1#top", { base: "HTTP://A.example/", stripParams: [/^utm_/], keepFragment: true }],
  ],
];

/** A result as plain data: a batch as its hrefs, a ParsedUrl as its href. */
function plain(value: unknown): unknown {
  if (value instanceof main.UrlBatch)
    return Array.from({ length: value.length }, (_, i) => [value.href(i), value.isSkipped(i)]);
  return JSON.parse(JSON.stringify(value) ?? "null");
}

describe("the default exports", () => {
  test("are the functions of an API object, in swurl and in swurl/js", () => {
    expect(functionNames(main).filter((n) => !ENTRY_ONLY.includes(n))).toEqual(functionNames(instance));
    expect(functionNames(js).filter((n) => !ENTRY_ONLY.includes(n))).toEqual(functionNames(instance));
  });

  test.each(CALLS)("%s(...) gives what an instance gives, every argument passed on", (name, args) => {
    const call = (api: object) => plain((api as Record<string, (...a: unknown[]) => unknown>)[name]!(...args));
    expect(call(main)).toEqual(call(instance));
  });

  test("parseBatch passes its options on", () => {
    const lines = "/a\n\n# note\nhttp://b.example/\n";
    const options = { base: "https://a.example/", skipBlank: true, skipComments: true };
    expect(plain(main.parseBatch(lines, options))).toEqual(plain(instance.parseBatch(lines, options)));
    expect(plain(main.parseBatch(lines, options))).toEqual([
      ["https://a.example/a", false],
      [null, true],
      [null, true],
      ["http://b.example/", false],
    ]);
  });
});

describe("the public names", () => {
  /** The names a type declaration file exports, runtime and type-only alike. */
  function declared(file: string): string[] {
    const text = readFileSync(file, "utf8");
    const single = [...text.matchAll(/^export (?:declare )?(?:const|class|type|interface|function) (\w+)/gm)];
    const lists = [...text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap(([, list]) =>
      list!.split(",").map((item) => item.trim().split(/\s+/).at(-1)!),
    );
    return [...single.map(([, name]) => name!), ...lists].filter((name) => name !== "");
  }

  /** Each name that differs only by case from one before it. */
  const caseTwins = (names: string[]) =>
    names.filter((name, i) => names.findIndex((n) => n.toLowerCase() === name.toLowerCase()) !== i);

  test("no two differ only by case (ParsedUrl, the record, beside URL, the class)", () => {
    const names = new Set([
      ...Object.keys(main),
      ...Object.keys(js),
      // What the entries re-export as types (src/api/public.ts, the RFC 1738 layer's types).
      ...["index", "js", "api/public", "rfc1738/index"].flatMap((f) => declared(`build/types/src/${f}.d.ts`)),
    ]);
    expect(names).toContain("ParsedUrl");
    expect(names).toContain("URLSearchParamsInit");
    expect(names).not.toContain("Url");
    expect(caseTwins([...names])).toEqual([]);
    // The check sees a pair where there is one.
    expect(caseTwins(["Url", "URL", "parse"])).toEqual(["URL"]);
  });
});
