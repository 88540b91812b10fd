// The arena of the default exports (src/index.ts): the best kernel that runs
// here, made by the first call that needs it. A module of its own so that
// src/internal.ts can reach it (the command's kernel instances are another()
// of its backend) without importing the entry.

import { Arena } from "../kernel/arena.js";
import { defaultBackend } from "./kernels.js";
import { lazy } from "./lazy.js";

export const defaultArena = /* @__PURE__ */ lazy(() => new Arena(defaultBackend()));
