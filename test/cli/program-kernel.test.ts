// The run of a log format's program in the command's WASM module
// (packages/cli/src/input/program-kernel.ts), as program-records.ts calls
// it: a block's lines read in batches cut anywhere (a W3C directive cuts
// them) give each line the ranges it has read alone, in a block of its own;
// a strftime time's extent (found in JavaScript between the module's run and
// its resumption) among them. The ranges against a reference reader of each
// format are the readers' property (reader-properties.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileLogFormat } from "../../packages/cli/src/input/log-format";
import { programFormat } from "../../packages/cli/src/input/log-formats";
import type { LogProgram } from "../../packages/cli/src/input/log-program";
import { ProgramKernel } from "../../packages/cli/src/input/program-kernel";
import { DEFINITIONS, type Definition, formatLines } from "./format-properties";
import { randomCases } from "../helpers/quick";

/** Each read line's ranges as offsets of its block, or null where it does not match. */
function readAll(
  kernel: ProgramKernel,
  program: LogProgram,
  bytes: Uint8Array,
  starts: number[],
  ends: number[],
  cuts: number[],
) {
  const out: (number[] | null)[] = [];
  const stride = 2 * program.fields.length;
  kernel.newBlock();
  const bounds = [0, ...cuts, starts.length];
  for (let b = 0; b + 1 < bounds.length; b++) {
    const [from, to] = [bounds[b], bounds[b + 1]];
    if (from === to) continue;
    const { ranges, at, base, matched } = kernel.run(
      program,
      bytes,
      Int32Array.from(starts),
      Int32Array.from(ends),
      from,
      to,
    );
    for (let i = 0; i < to - from; i++) {
      const line = ranges.subarray(at + i * stride, at + (i + 1) * stride);
      out.push(matched[i] === 1 ? [...line].map((r) => r - base) : null);
    }
  }
  return out;
}

const PROGRAMS: [string, LogProgram, fc.Arbitrary<string>][] = [
  ...(Object.keys(DEFINITIONS) as Definition[]).map(
    (d) =>
      [d, compileLogFormat(DEFINITIONS[d]), formatLines("log-format", d)] as [string, LogProgram, fc.Arbitrary<string>],
  ),
  ...(["vcombined", "squid", "awsalb", "cloudstorage", "traefikclf"] as const).map(
    (f) => [f, programFormat(f).program, formatLines(f)] as [string, LogProgram, fc.Arbitrary<string>],
  ),
];

describe("log programs in the command's WASM module", () => {
  for (const [name, program, line] of PROGRAMS) {
    it(`${name}: a batch cut anywhere reads each line as it reads alone`, () => {
      const kernel = new ProgramKernel();
      const alone = new ProgramKernel();
      fc.assert(
        fc.property(
          fc.array(line, { minLength: 1, maxLength: 40 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          (lines, cuts) => {
            const text = Buffer.from(lines.map((l) => `${l}\n`).join(""), "latin1");
            const bytes = new Uint8Array(text);
            const starts: number[] = [];
            const ends: number[] = [];
            let at = 0;
            for (const l of lines) {
              starts.push(at);
              ends.push(at + l.length);
              at += l.length + 1;
            }
            const points = [...new Set(cuts.map((c) => c % (lines.length + 1)))].sort((a, b) => a - b);
            const batched = readAll(kernel, program, bytes, starts, ends, points);
            const single = lines.map((l, i) => {
              const [r] = readAll(alone, program, new Uint8Array(Buffer.from(l, "latin1")), [0], [l.length], []);
              return r === null ? null : r.map((x) => x + starts[i]);
            });
            expect(batched).toEqual(single);
          },
        ),
        { seed: 0x34_3, numRuns: randomCases(150) },
      );
    });
  }
});
