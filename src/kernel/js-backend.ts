// The pure-JS backend: the kernel source compiled to JavaScript (esbuild with
// ASC_TARGET = 0), working in an ArrayBuffer that stands in for linear memory.
import * as kernel from "swurl-kernel-js";
import type { Backend } from "./backend";

const PAGE = 65536;

export function createJsBackend(): Backend {
  let buffer = new ArrayBuffer(PAGE);
  const attach = (): void => kernel.attachHeap(new Uint8Array(buffer), new Int32Array(buffer));
  attach();
  kernel.init();
  return {
    name: "js",
    kernel,
    buffer: () => buffer,
    grow(bytes: number): void {
      if (bytes <= buffer.byteLength) return;
      const next = new ArrayBuffer(Math.ceil(bytes / PAGE) * PAGE);
      new Uint8Array(next).set(new Uint8Array(buffer));
      buffer = next;
      attach();
    },
  };
}
