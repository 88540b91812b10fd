// Child processes for tests, each with a time limit. spawnSync blocks the test
// worker's event loop, so vitest's test timeout cannot fire while it waits: a
// child that never ends (a terminal read that nobody answers, a stopped
// process) would stop the whole run instead of failing one test.
import {
  type SpawnSyncOptions,
  type SpawnSyncOptionsWithBufferEncoding,
  type SpawnSyncOptionsWithStringEncoding,
  type SpawnSyncReturns,
  spawnSync,
} from "node:child_process";

/** Far longer than any one command of the suite takes on a loaded 2-core machine. */
const LIMIT_MS = 240_000;

/**
 * spawnSync with a time limit (SIGKILL after it); a child that cannot start
 * or runs past the limit throws, naming the command. A child that ends
 * before reading all of its input (EPIPE) is a result like any other.
 */
export function runChild(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptionsWithStringEncoding,
): SpawnSyncReturns<string>;
export function runChild(
  command: string,
  args: readonly string[],
  options?: SpawnSyncOptionsWithBufferEncoding,
): SpawnSyncReturns<Buffer>;
export function runChild(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptions = {},
): SpawnSyncReturns<string | Buffer> {
  const result = spawnSync(command, args, { timeout: LIMIT_MS, killSignal: "SIGKILL", ...options });
  if (result.error !== undefined && (result.error as NodeJS.ErrnoException).code !== "EPIPE")
    throw new Error(`${command} ${args.join(" ")}: ${result.error.message}\n${String(result.stderr ?? "")}`, {
      cause: result.error,
    });
  return result;
}
