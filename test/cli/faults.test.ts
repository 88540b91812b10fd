// Issue #25: faults end a run with one line on stderr and a non-zero status,
// and leave no output file behind: the previous one is untouched. Output to
// /dev/full, a truncated gzip, an unreadable file in the middle of a list,
// SIGTERM in the middle of a Parquet write.
import { spawn } from "node:child_process";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as zlib from "node:zlib";
import { constants, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, SAMPLE, swurl } from "../helpers/cli-run";
import { runChild } from "../helpers/child";
import { itAtScale } from "../helpers/quick";

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
    // The words after the folder's path: its random name may hold capitals such as "EJUPX".
    expect(r.stderr.slice(r.stderr.lastIndexOf(": "))).not.toMatch(nodeWords);
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
    // With --threads 2 a thread of its own inflates the file (threads/inflate.ts): the same lines, the same error.
    for (const threads of ["1", "2"]) {
      const note = threads === "1" ? "" : inflatedNote(file);
      for (const command of ["parse", "canon"]) {
        const r = swurl([command, "--threads", threads, file]);
        expect([command, r.status, r.stderr]).toEqual([command, 1, note + message]);
        expect(r.stdout.split("\n").length - 1).toBe(expected);
        // The last row is a whole line's.
        expect(r.stdout).toContain(`/p/${expected - 1}?q=${expected - 1}`);
      }
      const stats = swurl(["stats", "--json", "--threads", threads, file]);
      expect(stats.status).toBe(1);
      expect(stats.stderr).toBe(note + message);
      expect(JSON.parse(stats.stdout).lines).toBe(expected);
    }
  });
});

// Issue #36 item 7: compressed inputs known by their magic bytes: zstd read
// where Node.js has it (22.15 on), refused by name where not; bzip2, xz, zip,
// 7z and lz4 refused by name with the command that reads them, never read as text.
describe("compressed inputs by their magic bytes", () => {
  const text = Array.from({ length: 3_000 }, (_, i) => `https://z${i % 50}.example/p/${i}`).join("\n") + "\n";
  const zlibZstd = (zlib as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;

  it("zstd: read as gzip is, or refused by name on a Node.js without it", () => {
    const file = path.join(dir, "urls.zst");
    // Where node:zlib has no zstd, a frame the zstd program made of one line (28 b5 2f fd: zstd's magic).
    if (zlibZstd !== undefined) writeFileSync(file, zlibZstd(Buffer.from(text)));
    else writeFileSync(file, Buffer.from("28b52ffd0458910000687474703a2f2f612e6578616d706c652f0ac6bf67d8", "hex"));
    const plain = swurl(["canon", "--dedupe"], text).stdout;
    for (const r of [swurl(["canon", "--dedupe", file]), swurl(["canon", "--dedupe"], readFileSync(file))]) {
      if (zlibZstd !== undefined) {
        expect([r.status, r.stderr]).toEqual([0, ""]);
        expect(r.stdout).toBe(plain);
      } else {
        expect(r.status).toBe(1);
        expect(r.stdout).toBe("");
        expect(r.stderr).toMatch(
          /^swurl: cannot read .*: it is zstd-compressed; Node\.js reads it from version 22\.15 on; or decompress it first: zstd -dc FILE \| swurl \.\.\.\n$/,
        );
      }
    }
  });

  it.each([
    ["bzip2", [0x42, 0x5a, 0x68, 0x39, 0x31, 0x41], "bzip2 -dc"],
    ["xz", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], "xz -dc"],
    ["zip", [0x50, 0x4b, 0x03, 0x04, 0x14, 0x00], "unzip -p"],
    ["7z", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], "7z x -so"],
    ["lz4", [0x04, 0x22, 0x4d, 0x18, 0x64, 0x40], "lz4 -dc"],
  ])("%s is refused by name", (name, magic, command) => {
    const bytes = Buffer.concat([Buffer.from(magic), Buffer.from("https://not.really/compressed\n".repeat(20))]);
    const file = path.join(dir, `input.${name}`);
    writeFileSync(file, bytes);
    for (const [r, shown] of [
      [swurl(["canon", "--dedupe", file]), file],
      [swurl(["parse"], bytes), "standard input"],
    ] as const) {
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        `swurl: cannot read ${shown}: it is ${name}-compressed; decompress it first: ${command} FILE | swurl ...\n`,
      );
    }
  });

  it("a text line that starts as a magic number would (BZ, PK) is still text", () => {
    const r = swurl(["canon"], "BZhx://a\nPK://b\n");
    expect(r.status).toBe(0);
  });
});

// Issue #36 item 1: every input read once. A named pipe was opened, checked,
// closed and opened again: its writer died of SIGPIPE at the first close.
describe("a named pipe as FILE", () => {
  it("with a slow writer: every line, read once", () => {
    const fifo = path.join(dir, "slow.fifo");
    runChild("mkfifo", [fifo]);
    const script = `{ seq 20000 | sed 's#^#http://h.com/#'; sleep 1; echo http://last.com/; } > '${fifo}' & exec '${process.execPath}' '${CLI}' canon '${fifo}'`;
    const r = runChild("bash", ["-c", script], { encoding: "utf8", maxBuffer: 1 << 26, timeout: 60_000 });
    expect([r.status, r.stderr]).toEqual([0, ""]);
    const out = r.stdout.split("\n");
    expect(out).toHaveLength(20_002);
    expect(out[20_000]).toBe("http://last.com/");
  });

  it("whose writer has finished before the read starts, among other files", () => {
    const fifo = path.join(dir, "quick.fifo");
    runChild("mkfifo", [fifo]);
    // The writer opens the pipe and waits for a reader; it writes and ends before the command opens its other files.
    const script = `echo http://fifo.example/ > '${fifo}' & exec '${process.execPath}' '${CLI}' canon '${SAMPLE}' '${fifo}'`;
    const r = runChild("bash", ["-c", script], { encoding: "utf8", timeout: 60_000 });
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout.endsWith("\nhttp://fifo.example/\n")).toBe(true);
  });
});

// Issue #36 item 13 (in part): FILEs opened one at a time, so that more files
// than the descriptors a process may hold are read as cat reads them.
describe("many FILEs", () => {
  it.each([
    ["canon", (i: number) => `https://f${i}.example/\n`],
    ["extract --input html", (i: number) => `<a href="https://f${i}.example/">${i}</a>\n`],
  ])("400 files under ulimit -n 128: %s", (command, body) => {
    const many = mkdtempSync(path.join(dir, "many-"));
    const files = Array.from({ length: 400 }, (_, i) => {
      const p = path.join(many, `f${i}.txt`);
      writeFileSync(p, body(i));
      return p;
    });
    const list = path.join(dir, "many.args");
    writeFileSync(list, files.join("\n"));
    const script = `ulimit -n 128; xargs -d '\\n' -a '${list}' '${process.execPath}' '${CLI}' ${command}`;
    const r = runChild("bash", ["-c", script], { encoding: "utf8", timeout: 60_000 });
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout.split("\n")).toHaveLength(401);
  });
});

// Issue #36 item 2: --threads reads the file it opened, by its descriptor: a
// rename or removal mid-run (logrotate) gives the whole original, in order.
describe("--threads and a rotated log", () => {
  const big = () => {
    const p = path.join(dir, `rotated-${Math.random().toString(36).slice(2)}.log`);
    writeFileSync(p, readFileSync(SAMPLE).toString().repeat(40));
    return p;
  };

  it.each(["rename", "remove"])("a %s mid-run: the whole original, status 0", async (what) => {
    const file = big();
    const expected = swurl(["parse", "--fields", "href", file]).stdout;
    const child = spawn(process.execPath, [CLI, "parse", "--fields", "href", "--threads", "2", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let rotated = false;
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.on("data", (d: Buffer) => {
      out.push(d);
      if (rotated) return;
      rotated = true;
      // The command is mid-run: its output waits on this reader.
      if (what === "rename") renameSync(file, `${file}.1`);
      else rmSync(file);
      writeFileSync(file, "https://new.example/\n");
    });
    const status = await new Promise<number | null>((r) => child.on("close", r));
    expect([status, stderr]).toEqual([0, ""]);
    expect(Buffer.concat(out).toString()).toBe(expected);
  });
});

// Issue #36 item 6: a killed run's temporary file is removed by the next run
// to the same output; --output keeps the mode of the file it replaces, and
// says when FILE had other hard links.
describe("--output after a SIGKILL, and the file it replaces", () => {
  it("SIGKILL mid-write, then a rerun: no hidden file left", async () => {
    const { folder, out } = previous("killed.jsonl");
    const yes = spawn("yes", ["https://a.example/x?q=1"], { stdio: ["ignore", "pipe", "ignore"] });
    const child = spawn(process.execPath, [CLI, "parse", "-o", out], { stdio: [yes.stdout, "ignore", "ignore"] });
    const temp = () => readdirSync(folder).find((f) => f !== "killed.jsonl");
    for (let i = 0; i < 600 && temp() === undefined; i++) await new Promise((r) => setTimeout(r, 50));
    expect(temp()).toMatch(/^\.killed\.jsonl\.swurl-\d+-[0-9a-f]{12}$/);
    child.kill("SIGKILL");
    await new Promise((r) => child.on("close", r));
    yes.kill();
    // SIGKILL runs no handler: the file is still there, until the next run.
    expect(temp()).toBeDefined();
    const r = swurl(["parse", "-o", out], "https://b.example/\n");
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(readdirSync(folder)).toEqual(["killed.jsonl"]);
  });

  it("a 0600 file stays 0600; a hard link is said", () => {
    const { folder, out } = previous("private.tsv");
    chmodSync(out, 0o600);
    expect(swurl(["parse", "-f", "tsv", "-o", out], "https://a.example/\n").status).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const link = path.join(folder, "link.tsv");
    linkSync(out, link);
    const before = readFileSync(out, "utf8");
    const r = swurl(["parse", "-f", "tsv", "-o", out], "https://b.example/\n");
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(
      `swurl: note: ${out} has other hard links; they keep the previous content (the new file replaces it)\n`,
    );
    expect(readFileSync(link, "utf8")).toBe(before);
  });
});

// Issue #36 item 13: --output on every command, all or nothing as parse's:
// FILE is replaced once the run succeeds, and is left as it was otherwise.
describe("--output on every command", () => {
  const commands = [
    ["canon"],
    ["canon", "--dedupe"],
    ["canon", "--dedupe", "--sort", "surt"],
    ["stats", "--json"],
    ["extract"],
  ];

  it.each(commands.map((c) => [c.join(" "), c] as const))("%s: FILE holds what standard output would", (_, command) => {
    const { out } = previous("out.txt");
    const expected = swurl([...command, SAMPLE]);
    const r = swurl([...command, "--output", out, SAMPLE]);
    expect([r.status, r.stdout, r.stderr]).toEqual([0, "", ""]);
    const written = readFileSync(out, "utf8");
    // stats' figures of time differ from run to run.
    if (command[0] === "stats") expect(JSON.parse(written).lines).toBe(JSON.parse(expected.stdout).lines);
    else expect(written).toBe(expected.stdout);
  });

  it.each(commands.map((c) => [c.join(" "), c] as const))(
    "%s: a truncated gzip leaves FILE untouched",
    (_, command) => {
      const { folder, out } = previous("out.txt");
      const r = swurl([...command, "-o", out, truncatedGzip(`cut-${command.join("-")}.gz`)]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("not valid gzip");
      untouched(folder, out);
    },
  );

  it("canon --dedupe -o FILE stopped by SIGTERM: status 143, FILE untouched, no temporary folder left", async () => {
    const { folder, out } = previous("frontier.txt");
    const temp = mkdtempSync(path.join(dir, "temp-"));
    const yes = spawn("yes", ["https://a.example/x?q=1"], { stdio: ["ignore", "pipe", "ignore"] });
    const child = spawn(process.execPath, [CLI, "canon", "--dedupe", "--temp-dir", temp, "-o", out], {
      stdio: [yes.stdout, "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    for (let i = 0; i < 600 && readdirSync(folder).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");
    const [status, signal] = await new Promise<[number | null, string | null]>((r) =>
      child.on("close", (code, sig) => r([code, sig])),
    );
    yes.kill();
    expect([status, signal]).toEqual([143, null]);
    expect(stderr).toBe("swurl: stopped by SIGTERM: the output file was not written\n");
    untouched(folder, out);
    expect(readdirSync(temp)).toEqual([]);
  });
});

// Issue #36 item 13: --threads N on gzip input and standard input silently ran one thread.
// Issue #34: a gzip file is inflated by one thread while another parses.
describe("--threads where it cannot cut the input into ranges", () => {
  it.each(["a gzip file", "gzip on standard input", "standard input"])(
    "%s: one line on stderr says how it is read",
    (what) => {
      const text = readFileSync(SAMPLE);
      const gz = path.join(dir, "threads.txt.gz");
      writeFileSync(gz, gzipSync(text));
      const r =
        what === "a gzip file"
          ? swurl(["canon", "--threads", "2", gz])
          : swurl(["canon", "--threads", "2"], what === "standard input" ? text : gzipSync(text));
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(swurl(["canon", SAMPLE]).stdout);
      expect(r.stderr).toBe(
        what === "a gzip file"
          ? inflatedNote(gz)
          : "swurl: note: --threads 2 reads one uncompressed file in ranges; standard input is read by one thread\n",
      );
    },
  );

  // Past the inflated bytes the inflating thread may send ahead (8 MiB), in zlib's chunks of 1 MiB:
  // the rows and the report are those of one thread, line for line.
  itAtScale("a gzip file of 12 MB: parse and stats give what one thread gives", () => {
    const text = Array.from({ length: 350_000 }, (_, i) => `https://h${i % 997}.example/p/${i}?q=${"x".repeat(i % 13)}`)
      .join("\n")
      .concat("\n");
    expect(text.length).toBeGreaterThan(12e6);
    const gz = path.join(dir, "large.txt.gz");
    writeFileSync(gz, gzipSync(text));
    const parse = swurl(["parse", "--format", "tsv", "--threads", "2", gz]);
    expect([parse.status, parse.stderr]).toEqual([0, inflatedNote(gz)]);
    expect(parse.bytes.equals(swurl(["parse", "--format", "tsv", gz]).bytes)).toBe(true);
    const stats = (threads: string) => {
      const r = swurl(["stats", "--json", "--threads", threads, gz]);
      expect(r.status).toBe(0);
      // All but the time taken.
      const report = JSON.parse(r.stdout);
      delete report.seconds;
      delete report.megabytesPerSecond;
      return report;
    };
    const one = stats("1");
    expect(one.lines).toBe(350_000);
    expect(stats("2")).toEqual(one);
  });
});

/** The note of --threads 2 on the gzip file `file`. */
function inflatedNote(file: string): string {
  return `swurl: note: --threads 2 reads one uncompressed file in ranges; ${file} is inflated by one thread and parsed by another\n`;
}
