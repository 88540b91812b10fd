// URLSearchParams against the web-platform-tests, on every build and on
// whatwg-url 17.3 (which passes them all, so that a run also checks this
// harness): every case of test/fixtures/wpt/urlencoded-parser-data.json (WPT's
// urlencoded-parser.any.js, with the whole list compared, not a prefix), the
// cases of WPT's urlsearchparams-*.any.js carried over as data
// (test/fixtures/urlsearchparams-cases.json, whose "about" says the format),
// and, in code, the WPT cases that need host objects or a live object.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { URLSearchParams as WhatwgSearchParams } from "whatwg-url";
import { builds } from "../helpers/builds";

type Params = InstanceType<(typeof builds)[number][1]["URLSearchParams"]>;
type ParamsClass = new (init?: unknown) => Params;

const targets: [string, ParamsClass][] = [
  ...builds.map(([name, api]): [string, ParamsClass] => [name, api.URLSearchParams as ParamsClass]),
  ["whatwg-url", WhatwgSearchParams as unknown as ParamsClass],
];

function fixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8"));
}

interface ParserCase {
  input: string;
  output: [string, string][];
}
const parserCases = (fixture("wpt/urlencoded-parser-data.json") as (ParserCase | string)[]).filter(
  (c): c is ParserCase => typeof c === "object",
);

type Value = string | number | null | { undefined: true };
type Init = Value | { pairs: unknown[][] } | { record: Record<string, string> } | { same: true };
interface Step {
  new?: Init;
  throws?: "TypeError";
  keep?: string;
  on?: string;
  call?: string;
  args?: Value[];
  returns?: unknown;
  string?: string;
  list?: [string, string][];
  size?: number;
  forEach?: [string, string][];
}
interface Case {
  source: string;
  name: string;
  steps: Step[];
}
const { cases } = fixture("urlsearchparams-cases.json") as { cases: Case[] };

function value(v: Value): unknown {
  return typeof v === "object" && v !== null ? undefined : v;
}

function init(i: Init, current: Params | null): unknown {
  if (typeof i !== "object" || i === null) return i;
  if ("undefined" in i) return undefined;
  if ("pairs" in i) return i.pairs;
  if ("record" in i) return i.record;
  return current;
}

/** Run the steps of a case; returns what went wrong, or [] */
function run(P: ParamsClass, steps: Step[]): string[] {
  const wrong: string[] = [];
  const kept = new Map<string, Params>();
  let params: Params | null = null;
  const check = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      wrong.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  for (const step of steps) {
    if (step.new !== undefined) {
      if (step.throws) {
        let error: unknown = null;
        try {
          new P(init(step.new, params));
        } catch (e) {
          error = e;
        }
        check(`new(${JSON.stringify(step.new)}) throws`, error instanceof TypeError, true);
      } else {
        params = new P(init(step.new, params));
      }
    } else if (step.keep !== undefined) {
      kept.set(step.keep, params!);
    } else if (step.call !== undefined) {
      const target = step.on === undefined ? params! : kept.get(step.on)!;
      const method = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[step.call];
      const got = method.apply(target, (step.args ?? []).map(value));
      if ("returns" in step) check(`${step.call}(${JSON.stringify(step.args)})`, got, step.returns);
    } else if (step.string !== undefined) {
      check("String()", String(params), step.string);
    } else if (step.list !== undefined) {
      check("list", [...params!], step.list);
    } else if (step.size !== undefined) {
      check("size", params!.size, step.size);
    } else if (step.forEach !== undefined) {
      const seen: [string, string][] = [];
      params!.forEach((v, n) => {
        seen.push([n, v]);
      });
      check("forEach", seen, step.forEach);
    } else {
      throw new Error(`unknown step ${JSON.stringify(step)}`);
    }
  }
  return wrong;
}

describe("the carried-over data", () => {
  it("has the cases of every urlsearchparams-*.any.js file", () => {
    expect(parserCases.length).toBe(35);
    expect(cases.length).toBe(64);
    const files = new Set(cases.map((c) => c.source));
    for (const file of [
      "append",
      "constructor",
      "delete",
      "foreach",
      "get",
      "getall",
      "has",
      "set",
      "size",
      "sort",
      "stringifier",
    ]) {
      expect(files.has(`urlsearchparams-${file}.any.js`), file).toBe(true);
    }
  });
});

describe.each(targets)("URLSearchParams, WPT (%s)", (_name, P) => {
  it(`urlencoded-parser-data.json: ${parserCases.length} cases`, () => {
    const wrong = parserCases.filter((c) => JSON.stringify([...new P(c.input)]) !== JSON.stringify(c.output));
    expect(wrong.map((c) => c.input)).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.source}: ${c.name}`, c] as const))("%s", (_title, c) => {
    expect(run(P, c.steps)).toEqual([]);
  });

  // urlsearchparams-constructor.any.js
  it("DOMException as argument: a record of its constants; its prototype's getters throw", () => {
    const params = new P(DOMException);
    expect(params.toString()).toBe(
      "INDEX_SIZE_ERR=1&DOMSTRING_SIZE_ERR=2&HIERARCHY_REQUEST_ERR=3&WRONG_DOCUMENT_ERR=4&INVALID_CHARACTER_ERR=5&NO_DATA_ALLOWED_ERR=6&NO_MODIFICATION_ALLOWED_ERR=7&NOT_FOUND_ERR=8&NOT_SUPPORTED_ERR=9&INUSE_ATTRIBUTE_ERR=10&INVALID_STATE_ERR=11&SYNTAX_ERR=12&INVALID_MODIFICATION_ERR=13&NAMESPACE_ERR=14&INVALID_ACCESS_ERR=15&VALIDATION_ERR=16&TYPE_MISMATCH_ERR=17&SECURITY_ERR=18&NETWORK_ERR=19&ABORT_ERR=20&URL_MISMATCH_ERR=21&QUOTA_EXCEEDED_ERR=22&TIMEOUT_ERR=23&INVALID_NODE_TYPE_ERR=24&DATA_CLONE_ERR=25",
    );
    expect(() => new P(DOMException.prototype)).toThrow(TypeError);
  });

  it("empty string as argument: an object of the class", () => {
    expect(Object.getPrototypeOf(new P(""))).toBe(P.prototype);
  });

  it("a custom [Symbol.iterator] is used", () => {
    const params = new P();
    (params as unknown as Record<symbol, unknown>)[Symbol.iterator] = function* () {
      yield ["a", "b"];
    };
    expect(new P(params).get("a")).toBe("b");
  });

  // urlsearchparams-constructor-formdata.any.js
  it("FormData as argument: its pairs, copied", () => {
    const formData = new FormData();
    formData.append("a", "b");
    formData.append("c", "d");
    const params = new P(formData);
    expect([params.get("a"), params.get("c"), params.has("d")]).toEqual(["b", "d", false]);
    formData.append("e", "f");
    expect(params.has("e")).toBe(false);
    params.append("g", "h");
    expect(formData.has("g")).toBe(false);
  });

  // urlsearchparams-foreach.any.js, on an object of its own (the URL class's tests run them on url.searchParams)
  it("iteration reads the list as it is at each step", () => {
    const params = new P("param0=0&param1=1&param2=2");
    const seen: string[][] = [];
    for (const pair of params) {
      if (pair[0] === "param0") params.delete("param1");
      seen.push(pair);
    }
    expect(seen).toEqual([
      ["param0", "0"],
      ["param2", "2"],
    ]);

    const every = new P("param0=0&param1=1&param2=2");
    const names: string[] = [];
    for (const [name] of every) {
      names.push(name);
      every.delete(name);
    }
    expect(names).toEqual(["param0", "param2"]);
    expect(String(every)).toBe("param1=1");

    const empty = new P("");
    expect([...empty]).toEqual([]);
  });
});
