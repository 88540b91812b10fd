// Helpers of the tests of parse()'s fast path for serialized URLs
// (assembly/serialized.ts): inputs built from component spellings at the edges
// of the fast path's conditions, and the three checks each shape gets.
//   - the reference's URL, getter for getter;
//   - the very record the parser writes (the wrapper hands records back to the
//     kernel as bases, and the batch stores them), had from the same URL with a
//     leading space: the parser trims it and writes the same href, and the fast
//     path never takes an input that starts with a space;
//   - the fast path is taken, in counted kernel memory accesses (test/helpers/counting-build.ts).
import type { Api } from "./builds";
import { reference, URL_FIELDS } from "./url-targets";
import { mulberry32, pick } from "./random";
import type { CountingApi } from "./counting-build";
import { show } from "./report";
import { FLAG_HREF_BASE_PREFIX, FLAG_HREF_IS_INPUT, URL_FIELDS as RECORD_WORDS } from "../../assembly/layout";
import { RECORD_FIELDS } from "../../src/whatwg/components";

/** Spellings of each component of a URL, in the order they are joined. */
export type Components = Readonly<Record<string, readonly string[]>>;

/**
 * Inputs from `components`: each `plain` URL (one spelling per component)
 * with one component changed at a time, then `mixes` seeded random mixes of
 * mostly plain components (of each plain URL in turn), so that most mixes get
 * far into the fast path.
 */
export function edgeInputs(
  components: Components,
  plains: readonly Record<string, string>[],
  mixes: number,
  seed: number,
): string[] {
  const order = Object.keys(components);
  const inputs = new Set<string>();
  const join = (parts: Record<string, string>) => order.map((c) => parts[c]).join("");
  for (const plain of plains) {
    for (const component of order) {
      for (const spelling of components[component]) inputs.add(join({ ...plain, [component]: spelling }));
    }
  }
  const rng = mulberry32(seed);
  for (let i = 0; i < mixes; i++) {
    const parts = { ...plains[i % plains.length] };
    for (const c of order) if (rng() < 0.4) parts[c] = pick(rng, components[c]);
    inputs.add(join(parts));
  }
  return [...inputs];
}

/** The inputs whose URL (against `base`, if given) differs from the reference's, getter for getter. */
export function referenceMismatches(api: Api, inputs: readonly string[], base?: string): string[] {
  const wrong: string[] = [];
  for (const input of inputs) {
    const url = api.parse(input, base);
    const expected = reference.parse(input, base);
    const got = url && URL_FIELDS.map((field) => url[field]);
    const want = expected && URL_FIELDS.map((field) => expected[field]);
    if (JSON.stringify(got) !== JSON.stringify(want))
      wrong.push(`${show(input)}: ${show(got)}, reference ${show(want)}`);
  }
  return wrong;
}

/**
 * The kernel's record of a ParsedUrl, without FLAG_HREF_IS_INPUT and
 * FLAG_HREF_BASE_PREFIX (they say how the href was made, not what the URL is).
 */
function record(url: object | null): string {
  if (url === null) return "failure";
  const fields = url as Record<string, number>;
  const how = FLAG_HREF_IS_INPUT | FLAG_HREF_BASE_PREFIX;
  const words = RECORD_FIELDS.map((f) => (f === "_flags" ? fields[f] & ~how : fields[f]));
  return JSON.stringify([(url as { href: string }).href, ...words]);
}

/** The inputs whose record differs between parse(input, base) and the parser's own parse(" " + input, base). */
export function recordMismatches(api: Api, inputs: readonly string[], base?: string): string[] {
  const wrong: string[] = [];
  for (const input of inputs) {
    const fast = record(api.parse(input, base));
    const parser = record(api.parse(` ${input}`, base));
    if (fast !== parser) wrong.push(`${show(input)}: ${fast}, parser ${parser}`);
  }
  return wrong;
}

/**
 * The inputs that do not take the fast path: the parser reads each byte,
 * writes it to the output and compares the output with the input (three
 * accesses a byte at least); the fast path reads each byte once or twice and
 * writes the record. Counted kernel memory accesses, not time.
 */
export function notTaken(counting: CountingApi, inputs: readonly string[]): string[] {
  const slow: string[] = [];
  for (const input of inputs) {
    const fast = counting.work(() => counting.api.parse(input));
    const parser = counting.work(() => counting.api.parse(` ${input}`));
    if (fast * 2 >= parser) slow.push(`${show(input)}: ${fast} accesses, parser ${parser}`);
  }
  return slow;
}

/**
 * The inputs on which the kernel writes more than the words of the RESULT
 * record (layout.ts URL_FIELDS), as the parser does (it writes the href, a
 * byte at a time, and the record), and the fast path does not. Counted
 * kernel memory writes: a test that holds for short URLs too, where the
 * parser's work is not twice the fast path's. Against a base, the fast path
 * for relative references writes one word more, URL_BASE_PREFIX.
 */
export function writingMoreThanTheRecord(counting: CountingApi, inputs: readonly string[], base?: string): string[] {
  const slow: string[] = [];
  const words = base === undefined ? RECORD_WORDS : RECORD_WORDS + 1;
  // Parsed before counting: a base string is parsed by the first call that has it.
  const baseUrl = base === undefined ? undefined : (counting.api.parse(base) ?? undefined);
  for (const input of inputs) {
    const writes = counting.writes(() => counting.api.parse(input, baseUrl));
    if (writes > words) slow.push(`${show(input)}: ${writes} writes`);
  }
  return slow;
}
