// Tallies in the kernel (src/tally.ts, assembly/tally.ts) against the same
// counts made from each line's Url getters, on every corpus and every build:
// lines in several batches (a tally carries its tables from one to the next),
// from a line other than the first, against a base, and with paths pruned.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleSource, KERNEL_JS, wasmText } from "../../scripts/bundle.mjs";
import { corpusLines } from "../helpers/corpus";
import type { Api } from "../helpers/builds";

interface Counts {
  valid: number;
  withQuery: number;
  withFragment: number;
  withCredentials: number;
  withPort: number;
  schemes: Map<string, number>;
  hosts: Map<string, number>;
  paths: Map<string, number>;
  pathsDropped: number;
}
interface Batch {
  length: number;
  get(i: number): {
    protocol: string;
    hostname: string;
    pathname: string;
    search: string;
    hash: string;
    username: string;
    password: string;
    port: string;
  } | null;
  _rows(): { rows: Int32Array };
}
interface Tally {
  add(batch: Batch, from?: number): void;
  counts(): Counts;
}
interface Bundle {
  createApi(backend: unknown): Api;
  createJsBackend(): unknown;
  createWasmBackend(simd: boolean): unknown;
  HrefTally: new (backend: unknown, keepPaths: number) => Tally;
}

const ENTRY = `
export { createApi } from "./src/api/create";
export { createJsBackend } from "./src/kernel/js-backend";
export { createWasmBackend } from "./src/kernel/wasm-backend";
export { HrefTally } from "./src/bulk/tally";
`;
const BUILDS = ["wasm-simd", "wasm", "js"] as const;
let bundle: Bundle;

beforeAll(async () => {
  // The sources as scripts/build.mjs bundles them, with both WASM modules and the JS kernel.
  const text = await bundleSource(ENTRY, "ts", { platform: "neutral", ...KERNEL_JS, plugins: [wasmText] });
  const dir = mkdtempSync(path.join(tmpdir(), "swurl-tally-"));
  const file = path.join(dir, "bundle.mjs");
  writeFileSync(file, text);
  try {
    bundle = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Bundle;
  } finally {
    rmSync(dir, { recursive: true });
  }
}, 60_000);

function backend(build: (typeof BUILDS)[number]): unknown {
  return build === "js" ? bundle.createJsBackend() : bundle.createWasmBackend(build === "wasm-simd");
}

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** The counts of the lines of `batch` from `from` on that the kernel parsed, from their Urls' getters. */
function reference(batches: [Batch, number][]): Counts {
  const c: Counts = {
    valid: 0,
    withQuery: 0,
    withFragment: 0,
    withCredentials: 0,
    withPort: 0,
    schemes: new Map(),
    hosts: new Map(),
    paths: new Map(),
    pathsDropped: 0,
  };
  for (const [batch, from] of batches) {
    const { rows } = batch._rows();
    for (let i = from; i < batch.length; i++) {
      // The kernel's rows (BATCH_OK, status 0); deferred lines are the caller's.
      if ((rows[i * 8] & 3) !== 0) continue;
      const url = batch.get(i)!;
      c.valid++;
      increment(c.schemes, url.protocol.slice(0, -1));
      if (url.hostname !== "") increment(c.hosts, url.hostname);
      increment(c.paths, url.pathname);
      if (url.search !== "") c.withQuery++;
      if (url.hash !== "") c.withFragment++;
      if (url.username !== "" || url.password !== "") c.withCredentials++;
      if (url.port !== "") c.withPort++;
    }
  }
  return c;
}

const CORPORA = ["kasztp", "npm-mixed", "debian-files", "file-urls", "ipv4-hosts"];

describe.each(BUILDS)("HrefTally, %s build", (build) => {
  it.each(CORPORA)("%s in batches of 3,000 lines equals the getters' counts", (corpus) => {
    const api = bundle.createApi(backend(build));
    const tally = new bundle.HrefTally(backend(build), 1e9);
    const lines = corpusLines(corpus);
    const batches: [Batch, number][] = [];
    for (let i = 0; i < lines.length; i += 3000) {
      const batch = api.parseBatch(lines.slice(i, i + 3000).join("\n")) as unknown as Batch;
      // A range's first line is not its own (the --threads reader): start some batches after it.
      const from = (i / 3000) % 3 === 1 ? 1 : 0;
      tally.add(batch, from);
      batches.push([batch, from]);
    }
    const expected = reference(batches);
    expect(expected.valid).toBeGreaterThan(lines.length / 2);
    expect(tally.counts()).toEqual(expected);
  });

  it("links against a base, and access-log lines, count as the getters do", () => {
    const api = bundle.createApi(backend(build));
    const tally = new bundle.HrefTally(backend(build), 1e9);
    const urls = corpusLines("npm-mixed");
    const links = urls.map((u) => u.replace(/^[a-z]+:\/\/[^/]*/i, "")).join("\n");
    const log = urls
      .map((u, i) => `10.0.0.${i % 250} - - [10/Oct/2024:13:55:36 +0000] "GET ${u} HTTP/1.1" 200 5`)
      .join("\n");
    const batches: [Batch, number][] = [
      [api.parseBatch(links, { base: "https://user:pw@Example.COM:8080/dir/page?q#f" }) as unknown as Batch, 0],
      [api.parseBatch(log, { accessLog: "request" }) as unknown as Batch, 0],
    ];
    for (const [batch] of batches) tally.add(batch);
    expect(tally.counts()).toEqual(reference(batches));
  });

  it("keeps the most frequent paths past its bound, the others' counts added up", () => {
    const api = bundle.createApi(backend(build));
    const keep = 500;
    const tally = new bundle.HrefTally(backend(build), keep);
    const lines = corpusLines("kasztp");
    const batches: [Batch, number][] = [];
    for (let i = 0; i < lines.length; i += 4000) {
      const batch = api.parseBatch(lines.slice(i, i + 4000).join("\n")) as unknown as Batch;
      tally.add(batch);
      batches.push([batch, 0]);
    }
    const exact = reference(batches);
    const counts = tally.counts();
    // Schemes and hosts are not bounded; paths are, and no count is ever more than the true one.
    expect(counts.schemes).toEqual(exact.schemes);
    expect(counts.hosts).toEqual(exact.hosts);
    expect(counts.paths.size).toBeLessThanOrEqual(2 * keep + 4000);
    expect(counts.pathsDropped).toBeGreaterThan(0);
    let kept = 0;
    for (const [p, n] of counts.paths) {
      expect(n).toBeLessThanOrEqual(exact.paths.get(p)!);
      kept += n;
    }
    expect(kept + counts.pathsDropped).toBe(exact.valid);
    // The most frequent paths of the corpus stay, with their exact counts.
    const top = [...exact.paths].sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [p, n] of top) expect(counts.paths.get(p)).toBe(n);
  });
});
