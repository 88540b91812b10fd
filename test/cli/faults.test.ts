// Issue #25: faults end a run with one line on stderr and a non-zero status,
// and leave no output file behind: the previous one is untouched. Output to
// /dev/full, a truncated gzip, an unreadable file in the middle of a list,
// SIGTERM in the middle of a Parquet write.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, SAMPLE, swurl } from "../helpers/cli-run";
import { runChild } from "../helpers/child";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-faults-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PREVIOUS = "the previous file\n";

/** A folder holding only FILE with the previous content; its path. */
function previous(name: string): { folder: string; out: string } {
  const folder = mkdtempSync(path.join(dir, "out-"));
  const out = path.join(folder, name);
  writeFileSync(out, PREVIOUS);
  return { folder, out };
}

/** FILE is untouched and nothing else is in its folder (no temporary file left). */
function untouched(folder: string, out: string): void {
  expect(readFileSync(out, "utf8")).toBe(PREVIOUS);
  expect(readdirSync(folder)).toEqual([path.basename(out)]);
}

const oneLine = (stderr: string) => expect(stderr).toMatch(/^swurl: [^\n]+\n$/);

const truncatedGzip = (name: string) => {
  const whole = gzipSync(readFileSync(SAMPLE).toString().repeat(40));
  const p = path.join(dir, name);
  writeFileSync(p, whole.subarray(0, whole.length >> 1));
  return p;
};

describe("faults", () => {
  it("output to /dev/full: standard output and --output", () => {
    const stdout = runChild("bash", ["-c", `node '${CLI}' parse --format parquet '${SAMPLE}' > /dev/full`], {
      encoding: "utf8",
    });
    expect(stdout.status).toBe(1);
    expect(stdout.stderr).toBe("swurl: cannot write output: no space left on device\n");
    const file = swurl(["parse", "--format", "tsv", "--output", "/dev/full", SAMPLE]);
    expect(file.status).toBe(1);
    expect(file.stderr).toBe("swurl: cannot write /dev/full: no space left on device\n");
    expect(statSync("/dev/full").isCharacterDevice()).toBe(true);
  });

  it.each(["tsv", "parquet", "arrow"])("a truncated gzip (--format %s): the previous file untouched", (format) => {
    const { folder, out } = previous(`out.${format}`);
    const r = swurl(["parse", "--format", format, "-o", out, truncatedGzip(`t-${format}.gz`)]);
    expect(r.status).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toContain("not valid gzip");
    untouched(folder, out);
  });

  it("an unreadable file in the middle of a list: a folder, a damaged gzip after rows were written", () => {
    const folderInput = path.join(dir, "a-folder");
    mkdirSync(folderInput, { recursive: true });
    for (const [middle, message] of [
      [folderInput, `swurl: cannot read ${folderInput}: is a directory\n`],
      [truncatedGzip("middle.gz"), null],
    ] as const) {
      const { folder, out } = previous("out.parquet");
      const r = swurl(["parse", "--format", "parquet", "-o", out, SAMPLE, middle, SAMPLE]);
      expect(r.status).toBe(1);
      oneLine(r.stderr);
      if (message !== null) expect(r.stderr).toBe(message);
      untouched(folder, out);
      // stats has no output file: the same one line.
      const s = swurl(["stats", SAMPLE, middle, SAMPLE]);
      expect(s.status).toBe(1);
      expect(s.stdout).toBe("");
      oneLine(s.stderr);
    }
  });

  it("SIGTERM in the middle of a Parquet write: status 143, one line, the previous file untouched", async () => {
    const { folder, out } = previous("out.parquet");
    // An endless input: the write is under way until the signal.
    const yes = spawn("yes", ["https://a.example/x?q=1"], { stdio: ["ignore", "pipe", "ignore"] });
    const child = spawn(process.execPath, [CLI, "parse", "--format", "parquet", "-o", out], {
      stdio: [yes.stdout, "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    // Wait until the temporary file beside FILE has row groups in it.
    const temp = () => readdirSync(folder).find((f) => f !== "out.parquet");
    for (let i = 0; i < 600; i++) {
      const t = temp();
      if (t !== undefined && statSync(path.join(folder, t)).size > 100_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(temp()).toBeDefined();
    child.kill("SIGTERM");
    const [status, signal] = await new Promise<[number | null, string | null]>((r) =>
      child.on("close", (code, sig) => r([code, sig])),
    );
    expect([status, signal]).toEqual([143, null]);
    yes.kill();
    expect(stderr).toBe("swurl: stopped by SIGTERM: the output file was not written\n");
    untouched(folder, out);
  });
});
