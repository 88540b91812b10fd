// The compiled matcher's work grows linearly with the input, on the patterns
// that make a backtracking RegExp take exponential or polynomial time
// ("**.google.com" hangs the polyfill; "((?:a*)*)b" is the textbook case).
// Work is counted, not timed: the kernel's memory accesses in a counting JS
// build (test/helpers/counting-build.ts), for each of the kernel's two engines. From
// one size to the double, work may grow by at most 2.1x, and at every size
// it stays under a bound proportional to the input's length times the
// program's length.
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINE_BACKTRACK, ENGINE_PIKE } from "../../assembly/urlpattern/program";
import type { Arena } from "../../src/kernel/arena";
import { compileParts, type Program } from "../../src/urlpattern/compile";
import { parsePatternString } from "../../src/urlpattern/parser";
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS, type PartOptions } from "../../src/urlpattern/parts";
import { countingApi, type CountingApi } from "../helpers/counting-build";
import { internals } from "../helpers/internals";

const SIZES = [1000, 2000, 4000];
/** Memory accesses a step (an input byte through one instruction of the program) may take. */
const PER_STEP = 40;

/** Families: a pattern, its options, and a failing (or matching) input of length about n. */
const FAMILIES: [string, string, PartOptions, (n: number) => string][] = [
  ["**.google.com", "**.google.com", HOSTNAME_OPTIONS, (n) => `${"a".repeat(n)}.google.co`],
  ["*.*.* on dots", "*.*.*x", HOSTNAME_OPTIONS, (n) => ".".repeat(n)],
  ["(a*)*b", "(a*)*b", DEFAULT_OPTIONS, (n) => "a".repeat(n)],
  ["(a?) six times, then a six times", "(a?)(a?)(a?)(a?)(a?)(a?)aaaaaa", DEFAULT_OPTIONS, (n) => "a".repeat(n)],
  [":a:b:c lazy groups", ":a:b:cx", DEFAULT_OPTIONS, (n) => "b".repeat(n)],
  ["/:a*/:b+ repeated segments", "/:a*/:b+/end", PATHNAME_OPTIONS, (n) => "/s".repeat(n / 2)],
  ["/*/*/* on a long path", "/*/*/*/x", PATHNAME_OPTIONS, (n) => "/".repeat(n)],
  ["ignoreCase segments", ":a(\\d*):b*z", { ...DEFAULT_OPTIONS, ignoreCase: true }, (n) => "1".repeat(n)],
  // The fuzz run's stall of swurl's: the alternation group sent the component to the RegExp.
  [":a+ before an alternation group", ":a+@(a|b)", DEFAULT_OPTIONS, (n) => "x".repeat(n)],
];

describe("compiled matching is linear in the input (counted kernel work)", () => {
  let counting: CountingApi;
  let arena: Arena;
  beforeAll(async () => {
    counting = await countingApi(1 << 24);
    arena = internals(counting.api) as unknown as Arena;
  });

  const cases = FAMILIES.flatMap(([name, pattern, options, input]) => [
    [`${name} (Pike VM)`, ENGINE_PIKE, pattern, options, input] as const,
    [`${name} (backtracking with a memory)`, ENGINE_BACKTRACK, pattern, options, input] as const,
  ]);

  it.each(cases)("%s", (_name, engine, pattern, options, input) => {
    const program = compileParts(
      parsePatternString(pattern, options, (s) => s),
      options,
    ) as Program;
    expect(program).not.toBeNull();
    const work = SIZES.map((n) => {
      const value = input(n);
      const w = counting.work(() => counting.runProgram(arena, program, value, true, 0, engine));
      expect(w).toBeLessThan(PER_STEP * (value.length + 1) * program.words.length);
      return w;
    });
    for (let i = 1; i < work.length; i++) expect(work[i] / work[i - 1]).toBeLessThan(2.1);
  });
});
