// A regular file is read into a few buffers in turn (packages/cli/src/io.ts
// READ_RING): a chunk's bytes are overwritten a few reads later. Lines longer
// than all of those buffers together (held by LineCap across many reads) and
// lines cut at every chunk edge come out as standard input gives them, which
// is read as a stream of new buffers.
import { describe, expect } from "vitest";
import { swurl, scratchFolder } from "../helpers/cli-run";
import { itAtScale } from "../helpers/quick";

const scratch = scratchFolder("swurl-read-ring-");
const MB = 1 << 20;

/** Lines of URLs, with long ones of `long` bytes between short ones whose lengths vary. */
function text(long: number[]): string {
  const lines: string[] = [];
  for (const [k, n] of long.entries()) {
    for (let i = 0; i < 3000; i++) lines.push(`http://h${i % 7}.example/${"p".repeat(i % 300)}?k=${k}`);
    lines.push(`http://long.example/${String.fromCharCode(97 + k).repeat(n)}`);
  }
  return `${lines.join("\n")}\n`;
}

describe("a file read into buffers in turn", () => {
  itAtScale("gives every line as standard input does: lines of up to 9 chunks, at every cut", () => {
    const content = text([5 * MB + 17, 9 * MB - 3, 2 * MB, MB - 1, MB + 1]);
    const file = scratch.file("long.txt", content);
    const args = ["parse", "--format", "tsv", "--fields", "input,pathname"];
    const fromFile = swurl([...args, file]);
    const fromStdin = swurl(args, content);
    expect(fromFile.status).toBe(0);
    expect(fromStdin.status).toBe(0);
    expect(fromFile.bytes.equals(fromStdin.bytes)).toBe(true);
    // And each long line whole.
    expect(fromFile.stdout).toContain(`\t/${"b".repeat(9 * MB - 3)}\ttrue\n`);
  });

  itAtScale("stats of the same file counts what standard input counts", () => {
    const content = text([5 * MB, 3 * MB + 5]);
    const file = scratch.file("stats.txt", content);
    const report = (stdout: string) => {
      // Less the times, and the input's name (the file's, or "standard input").
      const { seconds: _s, megabytesPerSecond: _m, input: _i, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
      return rest;
    };
    const fromFile = swurl(["stats", "--json", "--by", "pathname", file]);
    const fromStdin = swurl(["stats", "--json", "--by", "pathname"], content);
    expect(report(fromFile.stdout)).toEqual(report(fromStdin.stdout));
  });
});
