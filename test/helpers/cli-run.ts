// Running the swurl command line as users run it: `node build/cli.js` in a
// child process, with standard input given.
import type { SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { runChild } from "./child";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = path.join(ROOT, "build", "cli.js");
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
