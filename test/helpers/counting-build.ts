// A build of the pure-JS API (src/ with the kernel compiled to JS, as
// scripts/build.mjs makes build/js.js) whose kernel memory counts every access.
// The kernel reads and writes nothing but its memory (assembly/memory.ts:
// ld8, st8, ld32, st32, copy), so the number of accesses is a deterministic
// measure of its work: every loop iteration makes at least one. Timing would
// measure the machine. It is built here, from the sources, because the shipped
// bundle keeps the kernel's memory out of reach, as it should.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleSource, KERNEL_JS, wasmText } from "../../scripts/bundle.mjs";
import type { Api } from "./builds";
import type { searchParamsLink } from "../../src/whatwg/search-params";
import type { runProgram } from "../../src/urlpattern/run";

/** The entry: the API factory, the JS backend, and the hook that gives the kernel its memory. */
const ENTRY = `
export { createApi } from "./src/api/create";
export { createJsBackend } from "./src/kernel/js-backend";
export { JS_BUILDS } from "./src/kernel/js-builds";
export { attachHeap } from "./assembly/memory";
export { searchParamsLink } from "./src/whatwg/search-params";
export { runProgram } from "./src/urlpattern/run";
`;

interface Bundle {
  createApi(backend: unknown): Api;
  createJsBackend(builds: unknown): unknown;
  JS_BUILDS: unknown;
  attachHeap(bytes: Uint8Array, words: Int32Array): void;
  searchParamsLink: typeof searchParamsLink;
  runProgram: typeof runProgram;
}

/** Whether a property key is an element index ("4096"), not a method or "length". */
function isIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57;
}

interface Count {
  /** Elements read or written, and bytes copied. */
  n: number;
  /** Elements written, and bytes copied. */
  writes: number;
}

/** `view` behind a proxy that counts element reads and writes and bytes copied into `count`. */
function counted<T extends Uint8Array | Int32Array>(view: T, count: Count): T {
  return new Proxy(view, {
    get(target, key) {
      if (typeof key === "string" && isIndex(key)) {
        count.n++;
        return target[Number(key)];
      }
      if (key === "copyWithin") {
        return (to: number, start: number, end: number) => {
          count.n += Math.max(0, end - start);
          count.writes += Math.max(0, end - start);
          return target.copyWithin(to, start, end);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(target, key, value: number) {
      count.n++;
      count.writes++;
      target[Number(key)] = value;
      return true;
    },
  });
}

export interface CountingApi {
  api: Api;
  /** The link of api.URLSearchParams to a URL object (src/whatwg/search-params.ts). */
  link: ReturnType<typeof searchParamsLink>;
  /**
   * runProgram() of src/urlpattern/run.ts in this build: its kernel module is
   * the bundle's, whose memory accesses are counted.
   */
  runProgram: typeof runProgram;
  /** The kernel's memory accesses while `run` runs. */
  work(run: () => unknown): number;
  /** The kernel's memory writes (elements written, bytes copied) while `run` runs. */
  writes(run: () => unknown): number;
}

/**
 * The JS API with a counting kernel memory of `bytes` bytes (reserved once
 * here: a later growth would attach plain views again, so inputs must fit).
 */
export async function countingApi(bytes: number): Promise<CountingApi> {
  // The JS build of the kernel as scripts/build.mjs makes it.
  const text = await bundleSource(ENTRY, "ts", { platform: "neutral", ...KERNEL_JS, plugins: [wasmText] });
  const dir = mkdtempSync(path.join(tmpdir(), "swurl-counting-"));
  const file = path.join(dir, "bundle.mjs");
  writeFileSync(file, text);
  let bundle: Bundle;
  try {
    bundle = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Bundle;
  } finally {
    rmSync(dir, { recursive: true });
  }
  const backend = bundle.createJsBackend(bundle.JS_BUILDS) as { buffer(): ArrayBuffer };
  const api = bundle.createApi(backend);
  // Grown through the arena, so that it sees the new buffer; a call attaches the kernel to it.
  (api as unknown as Record<symbol, { reserve(bytes: number): void }>)[Symbol.for("swurl.internals")].reserve(bytes);
  api.split("x");
  const count: Count = { n: 0, writes: 0 };
  const buffer = backend.buffer();
  bundle.attachHeap(counted(new Uint8Array(buffer), count), counted(new Int32Array(buffer), count));
  const measure = (run: () => unknown) => {
    count.n = count.writes = 0;
    run();
    if (backend.buffer() !== buffer) throw new Error("the kernel's memory grew: give countingApi() more bytes");
  };
  return {
    api,
    link: bundle.searchParamsLink(api.URLSearchParams),
    runProgram: bundle.runProgram,
    work(run) {
      measure(run);
      return count.n;
    },
    writes(run) {
      measure(run);
      return count.writes;
    },
  };
}
