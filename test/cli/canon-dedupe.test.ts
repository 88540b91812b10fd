// `swurl canon --dedupe` at any size (packages/cli/src/dedupe/dedupe.ts): with a --memory of
// a few kilobytes, a small input spills to the temporary folder (and spills
// again, level after level), and the output must still equal the reference:
// the canonical forms of the lines (canonicalize() of the built library),
// each kept at its first occurrence with a JS Set. The temporary folder is
// empty afterwards, also after an error or a signal.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  closeSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalize, surt } from "../../build/index.js";
import { surtOrderKey } from "../../packages/cli/src/dedupe/surt-order";
import { CLI, SAMPLE, swurl } from "../helpers/cli-run";
import { int, mulberry32, pick } from "../helpers/random";
import { randomCases } from "../helpers/quick";

let dir: string;
/** A --temp-dir of the test's own, so that what a run leaves there can be seen. */
let temp: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-dedupe-test-"));
  temp = path.join(dir, "tmp");
  mkdirSync(temp);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sample = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");

/** The reference: canonical forms, failures left out, each at its first occurrence. */
function firstSeen(input: string[]): string[] {
  const seen = new Set<string>();
  for (const line of input) {
    const c = canonicalize(line);
    if (c !== null) seen.add(c);
  }
  return [...seen];
}

/**
 * `count` lines drawn from the first `pool` URLs of the sample, repeats in
 * other spellings (a fragment, an upper-case scheme) that canonicalize alike.
 */
function frontier(seed: number, count: number, pool: number): string[] {
  const rng = mulberry32(seed);
  const urls = sample.slice(0, pool);
  return Array.from({ length: count }, () => {
    const url = pick(rng, urls);
    const spelling = int(rng, 0, 3);
    if (spelling === 1) return `${url}#f${int(rng, 0, 9)}`;
    if (spelling === 2) return url.replace(/^[a-z]+:/, (s) => s.toUpperCase());
    return url;
  });
}

function dedupe(input: string[], ...options: string[]) {
  return swurl(["canon", "--dedupe", "--temp-dir", temp, ...options], input.join("\n") + "\n");
}

function output(text: string): string[] {
  return text === "" ? [] : text.slice(0, -1).split("\n");
}

describe("canon --dedupe spills past --memory", () => {
  const input = frontier(27, 6000, 2500);
  const reference = firstSeen(input);

  it("has a reference with many repeats", () => {
    expect(reference.length).toBeGreaterThan(1500);
    expect(reference.length).toBeLessThan(input.length / 2);
  });

  it.each(["1K", "3K", "64K", "512M"])("--memory %s: the reference, in first-seen order", (memory) => {
    const r = dedupe(input, "--memory", memory);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(output(r.stdout)).toEqual(reference);
    expect(readdirSync(temp)).toEqual([]);
  });

  it.each(["1K", "512M"])("--fingerprint --memory %s: the reference, in first-seen order", (memory) => {
    const r = dedupe(input, "--memory", memory, "--fingerprint");
    expect(r.status).toBe(0);
    expect(output(r.stdout)).toEqual(reference);
    expect(readdirSync(temp)).toEqual([]);
  });

  it("--sort surt: the same URLs, sorted by SURT key (surt() of the built library) then URL", () => {
    const expected = reference
      .map((url) => ({ url, key: `${surt(url) ?? url}\t${url}` }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((e) => e.url);
    for (const memory of ["2K", "512M"]) {
      const r = dedupe(input, "--memory", memory, "--sort", "surt");
      expect(r.status).toBe(0);
      expect(output(r.stdout)).toEqual(expected);
      expect(readdirSync(temp)).toEqual([]);
    }
  });

  it("--threads 2 over a file of several thread ranges (4 MiB each): the same", () => {
    const big = frontier(11, 120_000, 4801);
    const file = path.join(dir, "big.txt");
    writeFileSync(file, big.join("\n") + "\n");
    const r = swurl(["canon", "--dedupe", "--memory", "16K", "--temp-dir", temp, "--threads", "2", file]);
    expect(r.status).toBe(0);
    expect(output(r.stdout)).toEqual(firstSeen(big));
    expect(readdirSync(temp)).toEqual([]);
  });

  it("a URL longer than --memory holds is an error, not a loop", () => {
    const long = `https://example.com/${"a".repeat(3000)}`;
    const r = dedupe(["https://example.com/", long], "--memory", "1K");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^swurl: canon: --memory 1024 bytes cannot hold a URL of 3020 bytes\n$/);
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe("canon --dedupe properties", () => {
  it("equals the reference for any repeats, memory and line lengths", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 600 }),
        fc.constantFrom("1K", "2K", "5K", "16K"),
        fc.boolean(),
        (seed, count, pool, memory, long) => {
          // Long paths put lines near the size of the whole set (and across the kernel's pieces).
          const input = frontier(seed, count, pool).map((u, i) =>
            long && i % 7 === 0 ? `${u}/${"p".repeat(300)}` : u,
          );
          const r = dedupe(input, "--memory", memory);
          expect(r.status).toBe(0);
          expect(output(r.stdout)).toEqual(firstSeen(input));
          expect(readdirSync(temp)).toEqual([]);
        },
      ),
      { numRuns: randomCases(12), seed: 2027 },
    );
  });

  it("an input bigger than one piece of the kernel (1 MiB of text), with a line longer than a piece", () => {
    const big = frontier(5, 30_000, 8000);
    big.splice(12_345, 0, `https://example.com/${"x".repeat(1.5 * 2 ** 20)}`, ...big.slice(0, 100));
    const r = dedupe(big, "--memory", "2M");
    expect(r.status).toBe(0);
    expect(output(r.stdout)).toEqual(firstSeen(big));
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe("canon --dedupe leaves no temporary files", () => {
  const input = frontier(9, 20_000, 8000);

  it("when the output cannot be written", () => {
    const r = spawnToFile(["canon", "--dedupe", "--memory", "1K", "--temp-dir", temp], "/dev/full", input);
    return r.then(({ status, stderr }) => {
      expect(status).toBe(1);
      expect(stderr).toMatch(/^swurl: cannot write output: no space left on device\n$/);
      expect(readdirSync(temp)).toEqual([]);
    });
  });

  it("when the input is damaged half-way (a gzip stream cut short)", () => {
    const gz = path.join(dir, "cut.gz");
    const whole = gzipSync(Buffer.from(input.join("\n") + "\n"));
    writeFileSync(gz, whole.subarray(0, whole.length - 100));
    const r = swurl(["canon", "--dedupe", "--memory", "1K", "--temp-dir", temp, gz]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^swurl: /);
    expect(readdirSync(temp)).toEqual([]);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
    // Issue #36 item 4: a closed terminal's SIGHUP was not handled at all.
    ["SIGHUP", 129],
  ] as const)("on %s, with exit status %i", async (signal, status) => {
    // Standard input kept open: the command waits for more after spilling what it was given
    // (enough for the reader to hand on: it reads 1 MiB blocks).
    const child = spawn(process.execPath, [CLI, "canon", "--dedupe", "--memory", "1K", "--temp-dir", temp], {
      stdio: "pipe",
    });
    // (Not stdio "ignore": swurl takes a read-write /dev/null for a closed standard output.)
    child.stdout.resume();
    child.stdin.on("error", () => {});
    child.stdin.write(frontier(10, 100_000, 20_000).join("\n") + "\n");
    await waitFor(() => readdirSync(temp).length > 0 && readdirSync(path.join(temp, readdirSync(temp)[0])).length > 0);
    child.kill(signal);
    const [code] = await once(child, "exit");
    expect(code).toBe(status);
    expect(readdirSync(temp)).toEqual([]);
  });

  // Issue #36 item 4: the partitions and the merge, the last phase, read and write
  // files synchronously (and standard output too when it is a file): a signal's
  // listener never ran, the run went on to its end and exited 0.
  it("on SIGTERM in the last phase (partitions and merge), standard output a file", async () => {
    const count = 1_500_000;
    const input = path.join(dir, "distinct.txt");
    const file = createWriteStream(input);
    for (let i = 0; i < count; i += 10_000) {
      let block = "";
      for (let j = i; j < i + 10_000; j++) block += `https://host.example/page/${j}\n`;
      if (!file.write(block)) await once(file, "drain");
    }
    await new Promise((r) => file.end(r));
    const outFile = path.join(dir, "last-phase.txt");
    const out = openSync(outFile, "w");
    const child = spawn(process.execPath, [CLI, "canon", "--dedupe", "--memory", "4M", "--temp-dir", temp, input], {
      stdio: ["ignore", out, "pipe"],
    });
    closeSync(out);
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    const exited = once(child, "exit");
    // The last phase has begun once a partition's survivors file (s0, s1, ...) is in the folder.
    const lastPhase = () =>
      readdirSync(temp).some((d) => readdirSync(path.join(temp, d)).some((f) => /^s\d+$/.test(f)));
    await waitFor(lastPhase);
    const sent = process.hrtime.bigint();
    child.kill("SIGTERM");
    const [code] = await exited;
    const stopMs = Number(process.hrtime.bigint() - sent) / 1e6;
    expect([code, stderr]).toEqual([143, ""]);
    expect(readdirSync(temp)).toEqual([]);
    // Stopped, not finished: fewer lines than the input's distinct ones.
    expect(readFileSync(outFile, "utf8").split("\n").length - 1).toBeLessThan(count);
    // Within a second (twice that, for a loaded machine).
    expect(stopMs).toBeLessThan(2000);
  }, 60_000);

  it("an unusable --temp-dir is a one-line error", () => {
    const r = dedupe(input, "--memory", "1K", "--temp-dir", path.join(dir, "missing"));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^swurl: cannot make a temporary folder in .*missing: /);
  });
});

describe("canon --dedupe options", () => {
  it.each([
    [["--memory", "1K"], /^swurl: canon: --memory needs --dedupe\n$/],
    [["--sort", "surt"], /^swurl: canon: --sort needs --dedupe\n$/],
    [["--fingerprint"], /^swurl: canon: --fingerprint needs --dedupe\n$/],
    [["--dedupe", "--memory", "12X"], /--memory must be a size from 1K to 1G \(such as 512M\), got "12X"/],
    [["--dedupe", "--memory", "100"], /--memory must be a size from 1K to 1G/],
    [["--dedupe", "--memory", "2G"], /--memory must be a size from 1K to 1G/],
    [["--dedupe", "--sort", "host"], /unknown --sort order "host"; expected surt/],
  ])("%j", (args, message) => {
    const r = swurl(["canon", ...args], "http://a/\n");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });

  it("reads K, M and G, in either case, with an optional B", () => {
    for (const memory of ["1k", "64KB", "1.5M", "1G", "4096"]) {
      const r = swurl(["canon", "--dedupe", "--memory", memory], "http://a/\nHTTP://A/\n");
      expect([memory, r.stdout]).toEqual([memory, "http://a/\n"]);
    }
  });
});

describe("the key of --sort surt: the SURT key", () => {
  const key = surtOrderKey(surt, false);
  it.each([
    ["https://www.example.com/a?b", "com,example)/a?b"],
    ["http://u:p@x.y.org:8080/", "org,y,x:8080)/"],
    ["http://[::1]:81/p", "[::1]:81)/p"],
    ["http://192.0.2.1/x", "1,2,0,192)/x"],
    ["https://example.com/?b=2&a=1", "com,example)/?a=1&b=2"],
    ["mailto:a@b.example", "mailto:a@b.example"],
  ])("%s", (url, want) => expect(key(url)).toBe(want));

  it("a line that is a SURT key already (--surt, --profile surt) is its own key", () => {
    expect(surtOrderKey(surt, true)("com,example)/a")).toBe("com,example)/a");
  });

  it("packages/cli/README.md's example: www. and the scheme do not split a host, a domain before its subdomains", () => {
    const links = [
      "https://www.example.com/about",
      "http://shop.example.org/cart",
      "http://example.org/",
      "https://shop.example.org/item/7",
      "https://WWW.example.com/about",
      "http://example.com/about",
    ];
    const file = path.join(dir, "links.txt");
    writeFileSync(file, `${links.join("\n")}\n`);
    for (const memory of ["1K", "512M"]) {
      const r = swurl(["canon", "--dedupe", "--sort", "surt", "--memory", memory, "--temp-dir", temp, file]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(
        "http://example.com/about\nhttps://www.example.com/about\nhttp://example.org/\n" +
          "http://shop.example.org/cart\nhttps://shop.example.org/item/7\n",
      );
      const keys = swurl([
        "canon",
        "--dedupe",
        "--sort",
        "surt",
        "--surt",
        "--memory",
        memory,
        "--temp-dir",
        temp,
        file,
      ]);
      expect(keys.stdout).toBe("com,example)/about\norg,example)/\norg,example,shop)/cart\norg,example,shop)/item/7\n");
      expect(readdirSync(temp)).toEqual([]);
    }
  });
});

/** Run swurl with standard output a file opened write-only (as a shell's `>` does). */
async function spawnToFile(args: string[], file: string, input: string[]) {
  const child = spawn(`exec "${process.execPath}" "${CLI}" ${args.join(" ")} > ${file}`, {
    shell: true,
    stdio: ["pipe", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(input.join("\n") + "\n");
  const [status] = await once(child, "exit");
  return { status: status as number, stderr };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(condition()).toBe(true);
}
