// Issue #25: faults end a run with one line on stderr and a non-zero status,
// and leave no output file behind: the previous one is untouched. Output to
// /dev/full, a truncated gzip, an unreadable file in the middle of a list,
// SIGTERM in the middle of a Parquet write.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { constants, gunzipSync, gzipSync } from "node:zlib";
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
      // stats has no output file: the same one line (after its report of what was read, for a damaged gzip).
      const s = swurl(["stats", SAMPLE, middle, SAMPLE]);
      expect(s.status).toBe(1);
      if (message !== null) expect(s.stdout).toBe("");
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

// Issue #36 item 14: a file-system error is said in the command's words, never as
// Node's "ENOENT: no such file or directory, open 'x'".
describe("file-system errors in the command's words", () => {
  const nodeWords = /E[A-Z]{3,}|, (open|mkdtemp|write) /;

  it("--routes FILE that does not exist", () => {
    const r = swurl(["parse", "--routes", path.join(dir, "nosuch.txt")], "https://a.example/\n");
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`swurl: parse: cannot read --routes ${path.join(dir, "nosuch.txt")}: no such file\n`);
  });

  it("--temp-dir that does not exist", () => {
    const missing = path.join(dir, "no-folder");
    const r = swurl(["canon", "--dedupe", "--memory", "1K", "--temp-dir", missing, SAMPLE]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`swurl: cannot make a temporary folder in ${missing}: no such file\n`);
  });

  it("a temporary file that cannot grow (a file size limit: EFBIG, as a full disk gives ENOSPC)", () => {
    const temp = mkdtempSync(path.join(dir, "temp-"));
    const input = path.join(dir, "many.txt");
    writeFileSync(input, Array.from({ length: 10_000 }, (_, i) => `https://h${i % 997}.example/p${i}\n`).join(""));
    // SIGXFSZ ignored: the write fails with EFBIG instead of the process being killed.
    const script = `trap '' XFSZ; ulimit -f 8; exec '${process.execPath}' '${CLI}' canon --dedupe --memory 1K --temp-dir '${temp}' '${input}'`;
    const r = runChild("bash", ["-c", script], { encoding: "utf8", maxBuffer: 1 << 26 });
    expect(r.status).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^swurl: cannot write the temporary folder .*: file too large\n$/);
    expect(r.stderr).not.toMatch(nodeWords);
    expect(readdirSync(temp)).toEqual([]);
  });

  it("--output FIFO whose reader goes away (EPIPE)", () => {
    const fifo = path.join(dir, "out.fifo");
    runChild("mkfifo", [fifo]);
    const script = `head -c 10 '${fifo}' > /dev/null & exec '${process.execPath}' '${CLI}' parse -o '${fifo}' '${SAMPLE}' '${SAMPLE}' '${SAMPLE}'`;
    const r = runChild("bash", ["-c", script], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`swurl: cannot write ${fifo}: the reader closed it\n`);
  });
});

// Issue #36 item 5: a truncated gzip loses none of the whole lines it holds
// (what gzip -dc recovers, up to its last LF): they are processed, the run
// ends with one line on stderr and status 1, and stats prints its report.
describe("a truncated gzip", () => {
  const text =
    Array.from({ length: 60_000 }, (_, i) => `https://h${i % 1_000}.example/p/${i}?q=${i}`).join("\n") + "\n";
  const whole = gzipSync(text);
  /** The whole lines of the first `bytes` of the gzip stream, as gzip -dc recovers them. */
  const recovered = (bytes: number) => {
    const out = gunzipSync(whole.subarray(0, bytes), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    return out.slice(0, out.lastIndexOf("\n") + 1).split("\n").length - 1;
  };

  it.each([0.3, 0.75, 0.999])("cut at %d of its length: every whole line before the cut", (share) => {
    const cut = Math.floor(whole.length * share);
    const file = path.join(dir, `cut-${share}.gz`);
    writeFileSync(file, whole.subarray(0, cut));
    const expected = recovered(cut);
    expect(expected).toBeGreaterThan(1000);
    const message = `swurl: cannot read ${file}: not valid gzip (unexpected end of file)\n`;
    for (const command of ["parse", "canon"]) {
      const r = swurl([command, file]);
      expect([command, r.status, r.stderr]).toEqual([command, 1, message]);
      expect(r.stdout.split("\n").length - 1).toBe(expected);
      // The last row is a whole line's.
      expect(r.stdout).toContain(`/p/${expected - 1}?q=${expected - 1}`);
    }
    const stats = swurl(["stats", "--json", file]);
    expect(stats.status).toBe(1);
    expect(stats.stderr).toBe(message);
    expect(JSON.parse(stats.stdout).lines).toBe(expected);
  });
});
