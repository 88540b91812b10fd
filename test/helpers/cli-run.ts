// Running the swurl command line as users run it: `node packages/cli/build/cli.js`
// (or the installed command SWURL_CLI names: test/package/package.test.ts) in a
// child process, with standard input given.
import type { SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect } from "vitest";
import { runChild } from "./child";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = process.env.SWURL_CLI ?? path.join(ROOT, "packages", "cli", "build", "cli.js");
export const SAMPLE = path.join(ROOT, "bench", "data", "sample.txt");

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
  bytes: Buffer;
}

/** Run `swurl ...args`, with `input` on standard input. */
export function swurl(args: string[], input: string | Buffer = ""): Result {
  const r: SpawnSyncReturns<Buffer> = runChild(process.execPath, [CLI, ...args], { input, maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr.toString("utf8"), bytes: r.stdout };
}

/** Lines of a text that ends with a line break (or is empty). */
export function lines(text: string, end = "\n"): string[] {
  if (text === "") return [];
  expect(text.endsWith(end)).toBe(true);
  return text.slice(0, -end.length).split(end);
}

/** A suite's temporary folder: made before its tests, removed after them. */
export interface Scratch {
  /** The folder's path (once the suite's tests run). */
  readonly dir: string;
  /** Write `content` to the file `name` in the folder; its path. */
  file(name: string, content: string | Buffer): string;
}

/** A temporary folder named from `prefix` for the suite that calls this. */
export function scratchFolder(prefix: string): Scratch {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    file(name, content) {
      const p = path.join(dir, name);
      writeFileSync(p, content);
      return p;
    },
  };
}
