// One API object per backend: every public function is the binding of
// bindings.ts, bound to the WASM kernel or to the pure-JS one.

import { Arena } from "../kernel/arena.js";
import type { Backend, KernelName } from "../kernel/backend.js";
import { BINDINGS } from "./bindings.js";
import { newInstance } from "./instance.js";

/**
 * @internal The key of an API object's arena (its backend, kernel and memory),
 * for the tests and bench/memory.mjs: not part of the public API.
 */
const INTERNALS = Symbol.for("swurl.internals");

type Bindings = typeof BINDINGS;

/** An API object: every binding of bindings.ts on one kernel instance. */
export type Swurl = {
  /** Which build of the kernel this API runs on. */
  readonly kernel: KernelName;
} & { readonly [name in keyof Bindings]: ReturnType<Bindings[name]> };

export function createApi(backend: Backend): Swurl {
  const arena = new Arena(backend);
  const instance = newInstance(() => arena, true);
  // Object.fromEntries(), not one assignment a name: V8 turns an object given
  // more than a dozen properties under computed names into a dictionary, and
  // every api.parse() would then be a dictionary lookup.
  const api = Object.fromEntries([
    ["kernel", backend.name],
    ...(Object.keys(BINDINGS) as (keyof Bindings)[]).map((name) => [name, BINDINGS[name](instance)]),
  ]);
  Object.defineProperty(api, INTERNALS, { value: arena });
  return api as Swurl;
}
