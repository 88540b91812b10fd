// Bad arguments to every public function (docs/api.md): each wrong type gives a
// TypeError that names the function and the argument, with a short message
// whatever was passed; 10 MB arguments give results; byte input over a
// detached buffer is refused rather than read as empty.
import { describe, expect, it } from "vitest";
import { createSwurl } from "../../build/index.js";
import { builds, type Api } from "../helpers/builds";

const MB = 1 << 20;
const HUGE = "x".repeat(10 * MB);

/** A Uint8Array whose buffer has been transferred away. */
function detached(): Uint8Array {
  const bytes = new TextEncoder().encode("http://a.example/\n");
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  return bytes;
}

/** Values of the wrong type, and what each is. */
const WRONG: [string, unknown][] = [
  ["undefined", undefined],
  ["null", null],
  ["a number", 42],
  ["NaN", NaN],
  ["a boolean", true],
  ["a bigint", 1n],
  ["a symbol", Symbol("s")],
  ["an object", {}],
  ["an array", ["http://a/"]],
  ["a String object", new String("http://a/")],
  ["a function", () => "http://a/"],
  ["an object with toString", { toString: () => "http://a/" }],
  [
    "a cyclic object",
    (() => {
      const o: Record<string, unknown> = {};
      o.self = o;
      return o;
    })(),
  ],
  ["a Uint16Array", new Uint16Array(4)],
  ["an ArrayBuffer", new ArrayBuffer(4)],
  ["a Uint8Array", new Uint8Array(4)],
];

type Call = (api: Api, value: unknown) => unknown;

/** What an options argument accepts besides undefined: any object, as options bags do. */
const OBJECTS = [
  "an object",
  "an array",
  "a String object",
  "an object with toString",
  "a cyclic object",
  "a Uint16Array",
  "an ArrayBuffer",
  "a Uint8Array",
];

/**
 * Each public function and argument: how to pass a value there, whether the
 * argument may be left out (then undefined is no error), and values of other
 * types it accepts.
 */
const ARGUMENTS: { fn: string; arg: string; call: Call; optional?: boolean; accepts?: string[] }[] = [
  { fn: "parse", arg: "input", call: (api, v) => api.parse(v as string) },
  { fn: "parse", arg: "base", call: (api, v) => api.parse("/x", v as string), optional: true },
  { fn: "canParse", arg: "input", call: (api, v) => api.canParse(v as string) },
  { fn: "canParse", arg: "base", call: (api, v) => api.canParse("/x", v as string), optional: true },
  { fn: "parseBatch", arg: "input", call: (api, v) => api.parseBatch(v as string), accepts: ["a Uint8Array"] },
  {
    fn: "parseBatch",
    arg: "options",
    call: (api, v) => api.parseBatch("a:", v as object),
    optional: true,
    accepts: OBJECTS,
  },
  {
    fn: "parseBatch",
    arg: "options.base",
    call: (api, v) => api.parseBatch("a:", { base: v as string }),
    optional: true,
  },
  { fn: "parseStream", arg: "source", call: (api, v) => api.parseStream(v as AsyncIterable<Uint8Array>) },
  {
    fn: "parseStream",
    arg: "options",
    call: (api, v) => api.parseStream(emptyStream(), v as object),
    optional: true,
    accepts: OBJECTS,
  },
  {
    fn: "parseStream",
    arg: "options.base",
    call: (api, v) => api.parseStream(emptyStream(), { base: v as string }),
    optional: true,
  },
  { fn: "split", arg: "input", call: (api, v) => api.split(v as string) },
  { fn: "percentDecode", arg: "input", call: (api, v) => api.percentDecode(v as string) },
  {
    fn: "percentDecode",
    arg: "options",
    call: (api, v) => api.percentDecode("%41", v as object),
    optional: true,
    accepts: OBJECTS,
  },
  {
    fn: "percentDecode",
    arg: "options.plusAsSpace",
    call: (api, v) => api.percentDecode("+", { plusAsSpace: v as boolean }),
    optional: true,
    accepts: ["a boolean"],
  },
  {
    fn: "percentDecode",
    arg: "options.strict",
    call: (api, v) => api.percentDecode("%41", { strict: v as boolean }),
    optional: true,
    accepts: ["a boolean"],
  },
  { fn: "percentEncode", arg: "input", call: (api, v) => api.percentEncode(v as string, "path") },
  { fn: "percentEncode", arg: "set", call: (api, v) => api.percentEncode("a b", v as "path") },
  { fn: "schemeParts", arg: "input", call: (api, v) => api.schemeParts(v as string) },
  { fn: "defaultPort", arg: "scheme", call: (api, v) => api.defaultPort(v as string) },
  { fn: "resolve", arg: "reference", call: (api, v) => api.resolve(v as string, "http://a/b") },
  { fn: "resolve", arg: "base", call: (api, v) => api.resolve("g", v as string) },
  { fn: "equivalent", arg: "a", call: (api, v) => api.equivalent(v as string, "http://a/") },
  { fn: "equivalent", arg: "b", call: (api, v) => api.equivalent("http://a/", v as string) },
  { fn: "validate", arg: "input", call: (api, v) => api.validate(v as string) },
  { fn: "extractUrls", arg: "text", call: (api, v) => api.extractUrls(v as string) },
  // Issue #36 item 14: the canonical forms took anything and failed inside.
  {
    fn: "canonicalize",
    arg: "input",
    call: (api, v) => api.canonicalize(v as string, { profile: "surt" }),
    accepts: ["a Uint8Array"],
  },
  { fn: "canonicalize", arg: "input", call: (api, v) => api.canonicalize(v as string) },
  {
    fn: "canonicalize",
    arg: "options",
    call: (api, v) => api.canonicalize("http://a/", v as object),
    optional: true,
    accepts: OBJECTS,
  },
  {
    fn: "surt",
    arg: "input",
    call: (api, v) => api.surt(v as string),
    optional: true,
    accepts: ["null", "a Uint8Array"],
  },
  {
    fn: "safeBrowsingExpressions",
    arg: "input",
    call: (api, v) => api.safeBrowsingExpressions(v as string),
    accepts: ["a Uint8Array"],
  },
];

async function* emptyStream(): AsyncGenerator<Uint8Array> {}

/** The TypeError message of `call(api, value)`, or what went wrong instead. */
function typeErrorOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return error instanceof TypeError ? error.message : `threw ${String(error)}`;
  }
  return "no error";
}

describe.each(builds)("bad arguments (%s)", (_name, api) => {
  it.each(ARGUMENTS)(
    "$fn($arg) of a wrong type is a TypeError naming both",
    ({ fn, arg, call, optional, accepts = [] }) => {
      const wrong: string[] = [];
      for (const [what, value] of WRONG) {
        if ((optional && value === undefined) || accepts.includes(what)) continue;
        const message = typeErrorOf(() => call(api, value));
        const named = message.startsWith(`${fn}: `) && message.includes(arg) && message.length < 300;
        if (!named) wrong.push(`${what}: ${message}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it("keeps messages short when the wrong value is a 10 MB string", () => {
    for (const call of [
      () => api.percentEncode("a", HUGE as "path"),
      () => api.resolve("g", HUGE),
      () => createSwurl(HUGE as "js"),
    ]) {
      const message = typeErrorOf(call);
      expect(message).toMatch(/^(percentEncode|resolve|createSwurl): /);
      expect(message.length).toBeLessThan(300);
    }
  });

  it("refuses a Uint8Array over a detached ArrayBuffer, in parseBatch and in a stream", async () => {
    expect(typeErrorOf(() => api.parseBatch(detached()))).toMatch(/^parseBatch: .*detached/);
    async function* source(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode("http://a/\n");
      yield detached();
    }
    const drain = async () => {
      for await (const batch of api.parseStream(source())) void batch;
    };
    await expect(drain()).rejects.toThrow(/^parseStream: .*detached/);
    // An empty array that is not detached is an empty input.
    expect(api.parseBatch(new Uint8Array(0)).length).toBe(0);
  });

  it("takes any Uint8Array: a subarray, a Buffer, one over a SharedArrayBuffer", () => {
    const text = "\uFEFFhttp://a.example/x\r\nnot a url\nhttps://ü.example/";
    const expected = [...api.parseBatch(text)].map((url) => url?.href ?? null);
    const bytes = new TextEncoder().encode(text);
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    for (const input of [bytes, padded.subarray(4, 4 + bytes.length), Buffer.from(bytes), shared]) {
      expect([...api.parseBatch(input)].map((url) => url?.href ?? null)).toEqual(expected);
    }
  });
});

describe.each(builds)("10 MB arguments (%s)", (_name, api) => {
  const n = (10 * MB) / 10;

  it("parse and canParse", () => {
    const url = api.parse(`HTTP://Example.COM/${"a/./b/../".repeat(n)}?${HUGE}#f`)!;
    expect(url.pathname).toBe("/" + "a/".repeat(n));
    expect(url.search.length).toBe(HUGE.length + 1);
    expect(url.hostname).toBe("example.com");
    const host = `${"label.".repeat(n)}com`;
    expect(api.parse(`http://${host.toUpperCase()}:8080/`)?.host).toBe(`${host}:8080`);
    expect(api.canParse(`http://[${"1:".repeat(n)}]/`)).toBe(false);
    expect(api.parse("x", `http://h/${HUGE}`)?.href).toBe("http://h/x");
  });

  it("parseBatch", () => {
    const batch = api.parseBatch(`http://h/${HUGE}\nhttp://a/\n${"%".repeat(10 * MB)}`, { base: "http://b/" });
    expect([batch.length, batch.failures, batch.pathname(0)?.length, batch.href(1), batch.pathname(2)?.length]).toEqual(
      [3, 0, HUGE.length + 1, "http://a/", 10 * MB + 1],
    );
  });

  it("schemeParts, validate, resolve, equivalent, extractUrls, defaultPort", () => {
    const ftp = api.schemeParts(`ftp://h/${"d/".repeat(n)}f;type=I`);
    expect(ftp?.scheme === "ftp" && [ftp.cwd.length, ftp.name, ftp.typecode]).toEqual([n, "f", "i"]);
    expect(api.validate(`http://h/${HUGE}`)).toEqual([]);
    const bad = api.validate(`http://h/${"x".repeat(n)}${"^".repeat(1000)}`);
    expect([bad.length, bad[0].index, bad[0].code]).toEqual([1000, 9 + n, "unsafe-character"]);
    expect(api.resolve(`${"../".repeat(n)}g`, "http://a/b/c/d")).toBe("http://a/g");
    expect(api.resolve(`${"x/".repeat(n)}g`, "http://a/b")).toBe(`http://a/${"x/".repeat(n)}g`);
    expect(api.equivalent(`HTTP://A/${"%7e".repeat(n)}`, `http://a/${"~".repeat(n)}`)).toBe(true);
    expect(api.equivalent(`http://a/${HUGE}`, `http://a/${HUGE}y`)).toBe(false);
    const sentences = 200_000; // 10 MB
    const found = api.extractUrls("See <URL:ftp://x.example/a> and http://y.example/b. ".repeat(sentences));
    expect([found.length, found.at(-1)?.url]).toEqual([2 * sentences, "http://y.example/b"]);
    expect(api.defaultPort(HUGE)).toBe(null);
  });
});
