// The internal hook of an API object made by createSwurl() (src/api/create.ts): its
// arena, with the backend and the guarded kernel exports. For the tests that
// need to see the kernel's memory or call an export directly; not public API.
import type { Api } from "./builds";

export interface Internals {
  backend: { name: string; buffer(): ArrayBuffer; core: object };
  core: Record<string, (...args: number[]) => number>;
  /** A feature module's guarded exports (src/kernel/modules.ts), instantiated by the first call. */
  module(module: object): Record<string, (...args: number[]) => number>;
  /** Where inputs are written. */
  inputStart: number;
  inputBytes(bytes: Uint8Array): number;
  /** Write a string as UTF-8 at inputStart; returns its byte length. */
  input(s: string): number;
  /** Make sure `bytes` bytes from inputStart (and slack) are in memory. */
  reserve(bytes: number): void;
  /** Write a string as UTF-8 at address `at` (reserved); returns its byte length. */
  write(s: string, at: number): number;
}

export function internals(api: Api): Internals {
  const arena = (api as unknown as Record<symbol, Internals | undefined>)[Symbol.for("swurl.internals")];
  if (arena === undefined)
    throw new Error(`no internals on this API object (${api.kernel}): make it with createSwurl()`);
  return arena;
}

/** Bytes of the kernel's memory now. */
export function kernelMemory(api: Api): number {
  return internals(api).backend.buffer().byteLength;
}
