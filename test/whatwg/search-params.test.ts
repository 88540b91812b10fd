// URLSearchParams beyond the WPT cases (test/whatwg/search-params-wpt.test.ts): WebIDL's
// argument conversions and errors, the shape of the class and its iterators,
// long lists (the kernel parses in chunks; sort() changes method past a few
// pairs), every build against whatwg-url 17.3; the link to a URL object
// (src/whatwg/search-params.ts); and work counted, not timed, to stay linear
// over 50,000 appends.
import { beforeAll, describe, expect, it } from "vitest";
import { URLSearchParams as WhatwgSearchParams } from "whatwg-url";
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";
import { builds } from "../helpers/builds";
import { countingApi, type CountingApi } from "../helpers/counting-build";
import { FORM_URLENCODED, escapeByte } from "../helpers/encode-sets";
import { int, mulberry32, pick } from "../helpers/random";

type Params = InstanceType<(typeof builds)[number][1]["URLSearchParams"]>;
type ParamsClass = new (init?: unknown) => Params;
const W = WhatwgSearchParams as unknown as ParamsClass;

/** The list, the serialization and the size, as one comparable string. */
const state = (p: Params) => JSON.stringify([[...p], p.toString(), p.size]);

/** Random text from the characters the parser and serializer branch on. */
function randomText(rng: () => number, n: number): string {
  const chars = [
    "a",
    "Z",
    "9",
    "+",
    "%",
    "%4",
    "%41",
    "%c3%a9",
    "%F0%9F%98%80",
    "%ff",
    "=",
    "&",
    " ",
    "é",
    "中",
    "😀",
    "\uD83D",
    "\uDE00",
    "~",
    "*",
  ];
  let s = "";
  for (let i = 0; i < n; i++) s += pick(rng, chars);
  return s;
}

describe("the entries", () => {
  it("export URLSearchParams from swurl and swurl/js, one class per instance", () => {
    expect(typeof main.URLSearchParams).toBe("function");
    expect(typeof js.URLSearchParams).toBe("function");
    expect(main.URLSearchParams).not.toBe(js.URLSearchParams);
    expect(main.createSwurl("wasm-simd").URLSearchParams).not.toBe(main.createSwurl("wasm").URLSearchParams);
    expect(new main.URLSearchParams("a=1").get("a")).toBe("1");
  });
});

describe.each(builds)("URLSearchParams (%s)", (_name, api) => {
  const P = api.URLSearchParams as ParamsClass;

  it("is a request body as its string, and as a form once made a platform URLSearchParams (docs/api.md)", async () => {
    const params = new P({ a: "1 2", b: "é" });
    const body = (init: unknown) => new Request("https://example.com/", { method: "POST", body: init as string });
    const ours = body(params);
    expect(ours.headers.get("content-type")).toBe("text/plain;charset=UTF-8");
    expect(await ours.text()).toBe("a=1+2&b=%C3%A9");
    const platform = body(new globalThis.URLSearchParams(params as unknown as string[][]));
    expect(platform.headers.get("content-type")).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(await platform.text()).toBe("a=1+2&b=%C3%A9");
  });

  it("converts arguments to USVString: lone surrogates become U+FFFD, values are stringified", () => {
    const p = new P();
    p.append("\uD800a", "b\uDC00");
    p.append(1 as unknown as string, { toString: () => "obj" } as unknown as string);
    p.append(true as unknown as string, undefined as unknown as string);
    expect([...p]).toEqual([
      ["\uFFFDa", "b\uFFFD"],
      ["1", "obj"],
      ["true", "undefined"],
    ]);
    expect(p.get("\uD800a")).toBe("b\uFFFD");
    expect(p.has("\uD800a", "b\uDFFF")).toBe(true);
    p.set("\uDBFFa", "x");
    expect(p.getAll("\uFFFDa")).toEqual(["x"]);
    p.delete("\uDC00a");
    expect(p.toString()).toBe("1=obj&true=undefined");
    expect(new P("a\uD800=\uDC00b").toString()).toBe("a%EF%BF%BD=%EF%BF%BDb");
    expect(new P(12).toString()).toBe("12=");
  });

  it("gives what whatwg-url gives for appended and set lone surrogates, whichever method reads them first", () => {
    // Each method as the first to read a list after append() and set() were given lone surrogates.
    const readers: [string, (p: Params) => unknown][] = [
      ["toString", (p) => p.toString()],
      ["get set", (p) => [p.get("b"), p.getAll("b")]],
      ["get", (p) => [p.get("x\uFFFD"), p.get("x\uD800")]],
      ["getAll", (p) => p.getAll("x\uDFFF")],
      ["has", (p) => [p.has("x\uD800", "\uFFFDy"), p.has("x\uFFFD", "\uDC00y")]],
      [
        "delete",
        (p) => {
          p.delete("x\uFFFD");
          return state(p);
        },
      ],
      [
        "set",
        (p) => {
          p.set("x\uFFFD", "z");
          return state(p);
        },
      ],
      [
        "set new",
        (p) => {
          p.set("n\uD800", "\uDC00");
          return state(p);
        },
      ],
      [
        "sort",
        (p) => {
          p.sort();
          return state(p);
        },
      ],
      ["entries", (p) => [...p.entries()]],
      ["keys", (p) => [...p.keys()]],
      ["values", (p) => [...p.values()]],
      [
        "forEach",
        (p) => {
          const seen: string[] = [];
          p.forEach((value, name) => {
            seen.push(name, value);
          });
          return seen;
        },
      ],
      ["copy", (p) => state(new P(p))],
    ];
    for (const [what, read] of readers) {
      const [ours, theirs] = [P, W].map((C) => {
        const p = new C("b=1&a=%F0%9F%98%80");
        p.append("x\uD800", "\uDC00y");
        p.append("a", "\uD83D\uDE00");
        p.set("b", "\uDFFFb");
        return JSON.stringify([read(p), state(p)]);
      });
      expect(ours, what).toBe(theirs);
    }
  });

  it("throws a TypeError for a Symbol, as ToString does", () => {
    const p = new P();
    expect(() => p.append(Symbol("x") as unknown as string, "v")).toThrow(TypeError);
    expect(() => p.get(Symbol("x") as unknown as string)).toThrow(TypeError);
    expect(() => new P(Symbol("x"))).toThrow(TypeError);
    expect(() => new P({ [Symbol("k")]: "v" })).toThrow(TypeError);
  });

  it("throws a TypeError for missing arguments, where whatwg-url does", () => {
    const calls: [string, number][] = [
      ["append", 1],
      ["append", 0],
      ["set", 1],
      ["delete", 0],
      ["get", 0],
      ["getAll", 0],
      ["has", 0],
      ["forEach", 0],
    ];
    for (const [method, count] of calls) {
      for (const C of [P, W]) {
        const p = new C("a=1") as unknown as Record<string, (...a: unknown[]) => unknown>;
        expect(() => p[method](...["a", "b"].slice(0, count)), `${method} with ${count}`).toThrow(TypeError);
      }
    }
    expect(() => new P().forEach("not a function" as never)).toThrow(TypeError);
  });

  it("throws a TypeError on an object that is not one (brand checks)", () => {
    const methods = [
      "append",
      "delete",
      "get",
      "getAll",
      "has",
      "set",
      "sort",
      "toString",
      "forEach",
      "entries",
      "keys",
      "values",
    ];
    const proto = P.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    for (const method of methods) expect(() => proto[method].call({}, "a", "b"), method).toThrow(TypeError);
    expect(() => Reflect.get(P.prototype, "size", {})).toThrow(TypeError);
    const iterator = new P("a=1").entries() as unknown as { next: () => unknown };
    expect(() => iterator.next.call({})).toThrow(TypeError);
  });

  it("has WebIDL's shape: toStringTag, @@iterator = entries, iterators on %IteratorPrototype%", () => {
    const p = new P("a=1&b=2");
    expect(Object.prototype.toString.call(p)).toBe("[object URLSearchParams]");
    expect(P.prototype[Symbol.iterator]).toBe(P.prototype.entries);
    const it = p.keys();
    expect(Object.prototype.toString.call(it)).toBe("[object URLSearchParams Iterator]");
    expect(it[Symbol.iterator]()).toBe(it);
    expect(Object.getPrototypeOf(Object.getPrototypeOf(it))).toBe(
      Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())),
    );
    expect([...it]).toEqual(["a", "b"]);
    expect([...p.values()]).toEqual(["1", "2"]);
    expect(it.next()).toEqual({ value: undefined, done: true });
    expect(Object.keys(P.prototype).sort()).toEqual(Object.keys(WhatwgSearchParams.prototype).sort());
    const lengths = (C: object) =>
      Object.keys(WhatwgSearchParams.prototype).map((k) => [
        k,
        (
          Reflect.getOwnPropertyDescriptor((C as { prototype: object }).prototype, k)!.value as
            | { length?: number }
            | undefined
        )?.length,
      ]);
    expect(lengths(P)).toEqual(lengths(WhatwgSearchParams));
    expect(P.length).toBe(0);
    class Sub extends (P as unknown as new (init?: string) => object) {}
    expect(new Sub("x=1").toString()).toBe("x=1");
  });

  it("forEach passes value, name and the object, with thisArg, and sees changes", () => {
    const p = new P("a=1&b=2&c=3");
    const seen: unknown[] = [];
    const self = {};
    p.forEach(function (this: unknown, value, name, object) {
      seen.push([value, name, object === p, this === self]);
      if (name === "a") p.delete("b");
    }, self);
    expect(seen).toEqual([
      ["1", "a", true, true],
      ["3", "c", true, true],
    ]);
  });

  it("keeps a copy and its source apart whichever of them changes, by any method (they share a list until then)", () => {
    const changes: [string, (p: Params) => void][] = [
      ["append", (p) => p.append("a", "9")],
      ["delete", (p) => p.delete("a")],
      ["set", (p) => p.set("b", "9")],
      ["set new", (p) => p.set("n", "9")],
      ["sort", (p) => p.sort()],
    ];
    for (const [what, change] of changes) {
      for (const changed of ["source", "copy"]) {
        const source = new P("b=2&a=1&c=3&a=%zz");
        const copy = new P(source);
        const [target, other] = changed === "source" ? [source, copy] : [copy, source];
        change(target);
        change(target);
        const expected = new W("b=2&a=1&c=3&a=%zz");
        expect(state(other), `${what} on the ${changed}`).toBe(state(expected));
        change(expected);
        change(expected);
        expect(state(target), `${what} on the ${changed}`).toBe(state(expected));
        // The other one, changed in turn, starts from its own list.
        change(other);
        const once = new W("b=2&a=1&c=3&a=%zz");
        change(once);
        expect(state(other), `${what} on the ${changed}, then the other`).toBe(state(once));
      }
    }
  });

  it("copies another URLSearchParams, and a generic iterable of pairs, as whatwg-url does", () => {
    const source = new P("b=2&a=1&a=%zz");
    const copy = new P(source);
    source.append("c", "3");
    expect(state(copy)).toBe(state(new W("b=2&a=1&a=%zz")));
    const pairs = new Map([
      ["x", "1"],
      ["y", "2"],
    ]);
    expect(new P(pairs).toString()).toBe("x=1&y=2");
    expect(new P([new Set(["k", "v"])]).toString()).toBe("k=v");
    expect(() => new P(["ab"])).toThrow(TypeError);
    expect(() => new P([null])).toThrow(TypeError);
    expect(() => new P({ [Symbol.iterator]: 1 })).toThrow(TypeError);
    // The whole sequence is converted before the sizes are checked.
    let converted = 0;
    const counted = { toString: () => String(converted++) };
    expect(() => new P([[counted], [counted, counted]])).toThrow(TypeError);
    expect(converted).toBe(3);
  });

  it("agrees with whatwg-url on long lists: parsing in chunks, sorting past the insertion sort, serializing", () => {
    const rng = mulberry32(0x5a11);
    for (const pairs of [15, 16, 17, 1023, 1024, 1025, 5000]) {
      const names = Array.from({ length: pairs }, () => randomText(rng, int(rng, 0, 4)));
      const query = names
        .map((n) => (rng() < 0.8 ? `${n}=${randomText(rng, int(rng, 0, 5))}` : n))
        .join(rng() < 0.5 ? "&" : "&&");
      const ours = new P(query);
      const reference = new W(query);
      expect(state(ours), `${pairs} pairs`).toBe(state(reference));
      ours.sort();
      reference.sort();
      // whatwg-url's iterator takes most of this case's time: its pairs are read once.
      const sorted = [...reference];
      expect(state(ours), `${pairs} pairs, sorted`).toBe(
        JSON.stringify([sorted, reference.toString(), reference.size]),
      );
      const built = new P();
      for (const [n, v] of sorted) built.append(n, v);
      expect(built.toString()).toBe(reference.toString());
    }
  });

  it("serializes every ASCII code unit by the urlencoded percent-encode set, escaped in JS and in the kernel", () => {
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const want = c === 0x20 ? "+" : FORM_URLENCODED.has(c) ? escapeByte(c) : ch;
      const code = `U+${c.toString(16).padStart(4, "0")}`;
      // An ASCII name or value is escaped by the wrapper's table, one that is not by the kernel's formEscape().
      expect(new P([[ch, `${ch}${ch}`]]).toString(), code).toBe(`${want}=${want}${want}`);
      expect(new P([[`${ch}é`, `é${ch}`]]).toString(), code).toBe(`${want}%C3%A9=%C3%A9${want}`);
      expect(new W([[`${ch}é`, ch]]).toString(), code).toBe(`${want}%C3%A9=${want}`);
    }
  });

  it("parses and serializes about 1 MB of hostile queries in seconds, not hours", () => {
    // The JS side is not counted by the kernel's memory: a bound that a quadratic path (10^12 steps) could not meet.
    const n = 1 << 19;
    const start = performance.now();
    for (const query of [
      "a&".repeat(n),
      "a=".repeat(n),
      "&".repeat(n),
      "=".repeat(n),
      "%".repeat(n),
      "a+%41&".repeat(n / 4),
      "é&😀=".repeat(n / 4),
    ]) {
      const params = new P(query);
      params.toString();
      params.sort();
    }
    expect(performance.now() - start).toBeLessThan(60_000);
  });

  it("keeps a query that is its own serialization, and serializes one that is not", () => {
    for (const query of [
      "a=1&b=2",
      "a=%2F&b=%3D+",
      "a=%2f",
      "a=%41",
      "a=%20",
      "a&b=1",
      "a=1&",
      "&a=1",
      "a=1&&b=2",
      "a=b=c",
      "a=é",
      "a=%C3%A9",
      "=",
      "a=~",
    ]) {
      const ours = new P(query);
      expect(ours.toString(), query).toBe(new W(query).toString());
      ours.append("z", "1");
      expect(ours.toString(), query).toBe(`${new W(query).toString()}${query === "" ? "" : "&"}z=1`);
    }
  });
});

describe("the link to a URL object (the JS build of the sources)", () => {
  let counting: CountingApi;
  beforeAll(async () => {
    counting = await countingApi(32 << 20);
  });

  it("bound(): the list of the query; update() after every change, with the serialization", () => {
    const updates: string[] = [];
    const p = counting.link.bound("a=1&b=%20", (s) => updates.push(s));
    expect([...p]).toEqual([
      ["a", "1"],
      ["b", " "],
    ]);
    p.append("c", "é");
    p.set("a", "2");
    p.delete("zz");
    p.delete("a");
    p.sort();
    p.delete("b");
    p.delete("c");
    expect(updates).toEqual([
      "a=1&b=+&c=%C3%A9",
      "a=2&b=+&c=%C3%A9",
      "a=2&b=+&c=%C3%A9",
      "b=+&c=%C3%A9",
      "b=+&c=%C3%A9",
      "c=%C3%A9",
      "",
    ]);
    expect(p.get("a")).toBe(null);
  });

  it("replace(): a new list from the query, without update()", () => {
    const updates: string[] = [];
    const p = counting.link.bound("", (s) => updates.push(s));
    expect(p.size).toBe(0);
    const iterator = p.entries();
    counting.link.replace(p, "x=1&y=2");
    expect([...iterator]).toEqual([
      ["x", "1"],
      ["y", "2"],
    ]);
    counting.link.replace(p, "");
    expect(p.toString()).toBe("");
    expect(updates).toEqual([]);
    p.append("k", "v");
    expect(updates).toEqual(["k=v"]);
    expect(() => counting.link.replace(new WhatwgSearchParams() as never, "a")).toThrow(TypeError);
  });

  it("does work in proportion to the appends: 50,000 appends on a bound object, counted in the kernel", () => {
    const sizes = [12_500, 25_000, 50_000];
    const work = sizes.map((n) =>
      counting.work(() => {
        let last = "";
        const p = counting.link.bound("start=1", (s) => (last = s));
        // The "é" makes every value one the kernel serializes (ASCII names and values are
        // escaped in JS, by the same incremental toString()).
        for (let i = 0; i < n; i++) p.append(`name${i % 100}`, `valué ${i}`);
        expect(last.length).toBeGreaterThan(n * 10);
      }),
    );
    // Linear work doubles with n; a serialization redone on every append would quadruple it.
    for (let i = 1; i < sizes.length; i++) expect(work[i], `work ${work.join(", ")}`).toBeLessThan(2.5 * work[i - 1]);
    expect(work[0]).toBeGreaterThan(sizes[0] * 10);
  });

  it("the count catches a serialization redone on every append", () => {
    const sizes = [250, 500, 1000];
    const work = sizes.map((n) =>
      counting.work(() => {
        const p = new counting.api.URLSearchParams();
        for (let i = 0; i < n; i++) {
          p.append(`name${i}`, "v é");
          // A copy has no cached serialization: this serializes the whole list each time.
          new counting.api.URLSearchParams(Array.from(p)).toString();
        }
      }),
    );
    expect(work[2]).toBeGreaterThan(3.5 * work[1]);
  });
});
