// Every suite runs against each build of the kernel: the SIMD and scalar WASM
// modules (through createSwurl) and the pure-JS build as users get it (swurl/js).
// Tests import the built package (npm test builds first), so they check what ships.
import * as main from "../../build/index.js";
import * as js from "../../build/js.js";

export type Api = ReturnType<typeof main.createSwurl>;

/** SWURL_BUILDS (a comma list of names) narrows the builds, for `npm run test:quick`; unset, every build runs. */
const chosen = process.env.SWURL_BUILDS?.split(",");

/** Whether every build runs, so that a suite may compare one build with another. */
export const everyBuild = chosen === undefined;

const every = [
  ["wasm-simd", () => main.createSwurl("wasm-simd")],
  ["wasm", () => main.createSwurl("wasm")],
  ["js", () => js as unknown as Api],
] as const;

/** The names of every build, chosen or not. */
export const BUILD_NAMES: readonly string[] = every.map(([name]) => name);

export const builds: [string, Api][] = every
  .filter(([name]) => chosen === undefined || chosen.includes(name))
  .map(([name, make]) => [name, make()]);
