// A kernel failure is a bug, but if one ever happens it must not leave the
// library broken: the call throws an Error that names the input (cut short),
// the backend is reset, and the next call works (src/kernel/arena.ts, guard.ts).
//
// The WASM kernel is made to trap the way a bug would: a base ParsedUrl whose record
// (made with the internal constructor, which parse() trusts) points far outside
// the kernel's memory, and a kernel export called with an out-of-range length.
// The JS build has no such test: out-of-range reads of a typed array give
// undefined instead of trapping, so the same bugs give garbage there, which is
// what the differential and fuzz suites look for.
import { describe, expect, it } from "vitest";
import { createSwurl, ParsedUrl, type KernelName } from "../../build/index.js";
import { URL_FIELDS, URL_PATH_START } from "../../assembly/layout";
import { storeRecord, type UrlRecord } from "../../src/whatwg/components";
import { builds, type Api } from "../helpers/builds";
import { internals, kernelMemory } from "../helpers/internals";

/** ParsedUrl's internal constructor: the href and its record, read from `words` at `at` (src/whatwg/url.ts). */
const UrlOfRecord = ParsedUrl as unknown as new (href: string, words: Int32Array, at: number) => ParsedUrl;

/** The ParsedUrl of `href` made again from its record (layout.ts), with the path starting at `pathStart` (default: where it does). */
function rebuilt(api: Api, href: string, pathStart?: number): ParsedUrl {
  const url = api.parse(href)!;
  const words = new Int32Array(URL_FIELDS);
  storeRecord(url as unknown as UrlRecord, words, 0);
  if (pathStart !== undefined) words[URL_PATH_START] = pathStart;
  return new UrlOfRecord(url.href, words, 0);
}

/** A base with the href and record of `href` but a path that starts 1 GiB past it. */
function impossibleBase(api: Api, href: string): ParsedUrl {
  return rebuilt(api, href, 2 ** 30);
}

/** The error `run` throws (the test fails if it returns). */
function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

/** A few calls of every kind and their results, to compare an instance after a reset with a fresh one. */
function sample(api: Api): unknown[] {
  const batch = api.parseBatch("http://a.example/x\nbad\nhttps://bücher.de/", { base: "http://b.example/" });
  return [
    api.parse("HTTP://EXAMPLE.com:80/a/../b?c#d")?.href,
    api.parse("../x", "http://h/a/b")?.href,
    api.canParse("http://[::1"),
    api.parse("http://ü.example/")?.hostname,
    [...batch].map((u) => u?.href ?? null),
    api.split("s://u@h:1/p?q#f").toJSON(),
    api.percentDecode("%41%zz"),
    api.percentEncode("a b", "path"),
    api.validate("http://a b/"),
    api.extractUrls("see <URL:http://a/>"),
    api.resolve("../g", "http://a/b/c/d"),
    api.equivalent("http://A/%7e", "http://a/~"),
    api.schemeParts("ftp://h/a;type=i"),
  ];
}

const wasmBuilds = builds.filter(([name]) => name !== "js").map(([name]) => name as KernelName);

describe.each(wasmBuilds)("a kernel trap (%s)", (name) => {
  it("surfaces as an Error naming the input, and the next call works", () => {
    const api = createSwurl(name);
    const expected = sample(createSwurl(name));
    api.parseBatch("x\n".repeat(100_000)); // grow the memory, so that the reset visibly gives it back
    const grown = kernelMemory(api);
    const before = api.parse("http://kept.example/");
    // The record rebuilt as it is works: only the path's start makes the kernel trap.
    expect(api.parse("../escape", rebuilt(api, "http://example.com/a/b"))?.href).toBe("http://example.com/escape");

    const error = thrown(() => api.parse("../escape", impossibleBase(api, "http://example.com/a/b")));
    expect(error.constructor).toBe(Error);
    expect(error.message).toContain(`the ${name} kernel failed in parse() on the input "../escape"`);
    expect(error.message).toContain("RuntimeError: memory access out of bounds");
    expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);

    expect(kernelMemory(api)).toBeLessThan(grown);
    expect(sample(api)).toEqual(expected);
    expect(before?.href).toBe("http://kept.example/");
  });

  it("shows the start of a long input and its length, not all of it", () => {
    const api = createSwurl(name);
    const input = "é".repeat(70_000) + "/tail";
    const error = thrown(() => api.parse(input, impossibleBase(api, "http://example.com/a/b")));
    // 200 bytes of UTF-8: 100 "é".
    expect(error.message).toContain(`"${"é".repeat(100)}"... (${input.length} characters)`);
    expect(error.message.length).toBeLessThan(1000);
    expect(sample(api)).toEqual(sample(createSwurl(name)));
  });

  it("shows the start of a byte input and its length", () => {
    const api = createSwurl(name);
    const arena = internals(api);
    const bytes = new TextEncoder().encode(`http://example.com/${"x".repeat(1000)}`);
    const length = arena.inputBytes(bytes);
    const error = thrown(() => arena.core.parse(arena.inputStart, 2 ** 30, arena.inputStart + length + 64, 0));
    expect(error.message).toContain(
      `failed in parse() on the input "http://example.com/${"x".repeat(181)}"... (1019 bytes)`,
    );
    expect(sample(api)).toEqual(sample(createSwurl(name)));
  });
});

describe.each(builds.map(([name]) => name as KernelName))("with the stack almost used up (%s)", (name) => {
  // Called at every depth near the engine's stack limit, each call gives the
  // right result or throws the engine's RangeError, whatever the call before
  // it (one frame deeper) was cut short in: a canParse() must not leave the
  // next parse() in its mode, a UTS #46 result handed in for one domain must
  // not reach the parse of another. (UTS #46 catches nothing: a RangeError
  // in it reaches the caller as any other.)
  // In pairs: a call that goes deep into the kernel, then a shallow one that
  // may complete with the one frame more of room it gets, and would show the
  // state the first one left if it was cut short inside the kernel.
  const calls: [string, (api: Api) => unknown, unknown][] = [
    ["canParse", (api) => api.canParse("https://u:p@[1:2:3:4:5:6:7:8]:8080/a/./b/../c/%2e%2E/d?q=1#f"), true],
    ["parse", (api) => api.parse("http://a/")?.href, "http://a/"],
    [
      "parse IDNA",
      (api) => api.parse("https://user@ü.example:8080/a/./b/../c?q#f")?.href,
      "https://user@xn--tda.example:8080/a/c?q#f",
    ],
    ["parse IDNA", (api) => api.parse("http://münchen.example/x")?.href, "http://xn--mnchen-3ya.example/x"],
    ["canParse IDNA", (api) => api.canParse("http://bücher.example/%7e/a/../b?q"), true],
    ["canParse", (api) => api.canParse("http://[::1"), false],
    ["parseBatch IDNA", (api) => api.parseBatch("http://ß.example/\nhttp://a/").href(0), "http://xn--zca.example/"],
    ["parseBatch", (api) => api.parseBatch("http://b/\nhttp://a/").href(1), "http://a/"],
  ];

  it("gives the right result or a RangeError, and works afterwards", () => {
    const api = createSwurl(name);
    const outcomes = new Set<string>();
    let tries = 0;
    const attempt = (): string => {
      const [what, call, expected] = calls[tries % calls.length];
      try {
        const got = call(api);
        return got === expected ? "right" : `${what}: ${String(got)}`;
      } catch (error) {
        return error instanceof RangeError ? "RangeError" : `${what} threw ${String(error)}`;
      }
    };
    const descend = (): void => {
      try {
        descend();
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
      // Unwinding from the limit: one more frame of room at each level.
      if (tries < 5000) {
        outcomes.add(attempt());
        tries++;
      }
    };
    descend();
    expect([...outcomes].sort()).toEqual(["RangeError", "right"]);
    for (const [what, call, expected] of calls) expect(call(api), what).toBe(expected);
    expect(sample(api)).toEqual(sample(createSwurl(name)));
  });
});
