// The arena of the default exports (src/index.ts): the best kernel that runs
// here, made by the first call that needs it.

import { Arena } from "../kernel/arena.js";
import { defaultBackend } from "./kernels.js";
import { lazy } from "../kernel/lazy.js";

export const defaultArena = /* @__PURE__ */ lazy(() => new Arena(defaultBackend()));
