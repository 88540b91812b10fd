// The library with the descriptors of the kernel's modules (src/kernel/modules.ts),
// bundled together as
// scripts/build.mjs bundles the entries: for the tests that call a feature
// module's exports directly (Arena.module()). The descriptors are not public
// API, and a module's JS build must share the one heap of its bundle.
import type { createSwurl as CreateSwurl } from "../../build/index.js";
import { bundleSource, KERNEL_JS, wasmText } from "../../scripts/bundle.mjs";

const entry = `export { createSwurl } from "./src/index.ts"; export { BULK, CANONICAL, RFC1738, URLPATTERN } from "./src/kernel/modules.ts";`;
const text = await bundleSource(entry, "ts", { platform: "node", ...KERNEL_JS, plugins: [wasmText] });

export const { createSwurl, BULK, CANONICAL, RFC1738, URLPATTERN } = (await import(
  /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`
)) as { createSwurl: typeof CreateSwurl } & Record<"BULK" | "CANONICAL" | "RFC1738" | "URLPATTERN", object>;
