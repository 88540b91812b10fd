// The three builds of the kernel (SIMD WASM, scalar WASM, JS) come from one
// source and must give identical results on every input (docs/api.md: "Both give
// identical results on every input"). This runs every public function over
// the whole kasztp corpus, the generated file: and IPv4-host corpora
// (scripts/data/generated-corpora.mjs) and seeded random strings and compares the builds.
import { describe, expect, it } from "vitest";
import { builds, type Api } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { SET_NAMES } from "../helpers/encode-sets";
import { mulberry32, randomString } from "../helpers/random";

/** The result of `f`, or the name and message of what it threw (that must agree too). */
function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

const OPERATIONS: [string, (api: Api, s: string) => unknown][] = [
  ["split().toJSON()", (api, s) => api.split(s).toJSON()],
  ["percentDecode", (api, s) => api.percentDecode(s)],
  ["percentDecode plusAsSpace", (api, s) => api.percentDecode(s, { plusAsSpace: true })],
  ["percentDecode strict", (api, s) => outcome(() => api.percentDecode(s, { strict: true }))],
  [
    "percentDecode strict plusAsSpace",
    (api, s) => outcome(() => api.percentDecode(s, { strict: true, plusAsSpace: true })),
  ],
  ...SET_NAMES.map((set): [string, (api: Api, s: string) => unknown] => [
    `percentEncode ${set}`,
    (api, s) => api.percentEncode(s, set),
  ]),
];

const RANDOM_SEED = 0x5eed_0005;
const RANDOM_COUNT = 20_000;

function randomInputs(): string[] {
  const rng = mulberry32(RANDOM_SEED);
  // Mostly short strings, one in ten long enough for many 16-byte vector blocks.
  return Array.from({ length: RANDOM_COUNT }, (_, i) => randomString(rng, i % 10 === 0 ? 400 : 40));
}

const INPUTS: [string, string[]][] = [
  ["every corpus line", corpusLines()],
  ["every file-urls line", corpusLines("file-urls")],
  ["every ipv4-hosts line", corpusLines("ipv4-hosts")],
  [`${RANDOM_COUNT} random strings (seed ${RANDOM_SEED.toString(16)})`, randomInputs()],
];

const [[referenceName, reference], ...others] = builds;
const buildNames = builds.map(([name]) => name).join(", ");

describe.each(INPUTS)("the builds agree on %s", (_title, inputs) => {
  it("has inputs", () => {
    expect(inputs.length).toBeGreaterThan(10_000);
  });

  it.each(OPERATIONS)(`%s gives the same result on ${buildNames}`, (_op, run) => {
    const differences: Record<string, unknown>[] = [];
    for (const input of inputs) {
      const want = JSON.stringify(run(reference, input));
      for (const [name, api] of others) {
        const got = JSON.stringify(run(api, input));
        if (got !== want && differences.length < 5) differences.push({ input, [referenceName]: want, [name]: got });
      }
    }
    expect(differences).toEqual([]);
  });
});
