// URLSearchParams against whatwg-url 17.3 on random sequences of operations
// (fast-check, fixed seed): each sequence starts from a real query string of
// the corpora (bench/data: the queries of kasztp and npm-mixed) or a random
// one, and applies append, delete (one and two arguments), set, sort, get,
// getAll, has (one and two arguments), size, toString and copies, with names
// taken from the query or made of the characters that matter (+, %, =, &,
// space, non-ASCII, lone surrogates). After every step each build must give
// what whatwg-url gives, and hold the same list and serialization.
//   SWURL_FUZZ_SEED=7 SWURL_FUZZ_SCALE=10 npx vitest run test/whatwg/search-params-differential.test.ts
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { URLSearchParams as WhatwgSearchParams } from "whatwg-url";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { queriesOf } from "../../scripts/data/corpus.mjs";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x5eed_5eac);
const RUNS = 3000;

type Params = InstanceType<(typeof builds)[number][1]["URLSearchParams"]>;

const queries = queriesOf([...corpusLines("kasztp"), ...corpusLines("npm-mixed")]);

/** Characters the parser and serializer branch on, and some that are merely common. */
const CHARS = [
  "a",
  "b",
  "Z",
  "0",
  "+",
  "%",
  "%2",
  "%20",
  "%2B",
  "%e2%8e%84",
  "%C3%A9",
  "%FF",
  "=",
  "&",
  " ",
  "*",
  "-",
  ".",
  "_",
  "~",
  "é",
  "😀",
  "\uD800",
  "\uDC00",
  "\0",
  "?",
];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 6 }).map((parts) => parts.join(""));
const query = fc.oneof(
  fc.constantFrom(...queries),
  text,
  fc.array(text, { maxLength: 8 }).map((parts) => parts.join("&")),
);

/** A name from the initial query (so that get, set and delete find something) or a random one. */
const name = (names: string[]) => (names.length === 0 ? text : fc.oneof(fc.constantFrom(...names), text));

type Op = [string, ...string[]];

function ops(names: string[]): fc.Arbitrary<Op[]> {
  const n = name(names);
  return fc.array(
    fc.oneof(
      fc.tuple(fc.constant("append"), n, text),
      fc.tuple(fc.constant("delete"), n),
      fc.tuple(fc.constant("delete"), n, text),
      fc.tuple(fc.constant("set"), n, text),
      fc.tuple(fc.constant("get"), n),
      fc.tuple(fc.constant("getAll"), n),
      fc.tuple(fc.constant("has"), n),
      fc.tuple(fc.constant("has"), n, text),
      fc.constant(["sort"] as Op),
      fc.constant(["toString"] as Op),
      fc.constant(["size"] as Op),
      fc.constant(["copy"] as Op),
    ) as fc.Arbitrary<Op>,
    { maxLength: 12 },
  );
}

const sequence = query.chain((q) => {
  const names = [...new WhatwgSearchParams(q).keys()];
  return fc.tuple(fc.constant(q), ops(names));
});

/** Apply `op` to `params` (made by `P`); returns its answer as JSON and maybe a replacement object (copy). */
function apply(P: new (init?: unknown) => Params, params: Params, [op, ...args]: Op): [string, Params] {
  if (op === "size") return [String(params.size), params];
  if (op === "copy") return ["", new P(params)];
  const method = (params as unknown as Record<string, (...a: string[]) => unknown>)[op];
  return [JSON.stringify(method.apply(params, args)) ?? "undefined", params];
}

describe(`URLSearchParams against whatwg-url (seed ${SEED})`, () => {
  it.each(builds)("%s: random operation sequences on corpus queries", (_name, api) => {
    const P = api.URLSearchParams as new (init?: unknown) => Params;
    const W = WhatwgSearchParams as unknown as new (init?: unknown) => Params;
    fc.assert(
      fc.property(sequence, ([q, steps]) => {
        let ours = new P(q);
        let reference = new W(q);
        const state = (p: Params) => JSON.stringify([[...p], p.toString(), p.size]);
        expect(state(ours)).toBe(state(reference));
        for (const step of steps) {
          let got: string;
          let want: string;
          [got, ours] = apply(P, ours, step);
          [want, reference] = apply(W, reference, step);
          expect(got, JSON.stringify(step)).toBe(want);
          expect(state(ours), JSON.stringify(step)).toBe(state(reference));
        }
      }),
      { seed: SEED, numRuns: randomCases(RUNS) },
    );
  });

  it("has the corpora's queries to start from", () => {
    expect(queries.length).toBeGreaterThan(2000);
  });
});
