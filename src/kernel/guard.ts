// Kernel failures. A trap of the WASM kernel (a WebAssembly.RuntimeError such
// as "memory access out of bounds" or "unreachable") or an exception thrown by
// the JS build is a bug in the kernel, never an answer. Every kernel export is
// called through a wrapper that catches it; the arena (arena.ts) then resets
// the backend, so that the next call works, and throws an Error that names the
// input. A RangeError (the engine's stack ran out in the kernel) is not the
// input's fault and is rethrown as it is.
//
// The wrapper has the arity of the export it wraps: calling a WASM export with
// more arguments than it declares costs V8 an adaptor frame, and a wrapper of
// the export's own arity costs next to nothing over a direct call. The
// wrapper also calls the backend's enter() first (backend.ts), so the pure-JS
// build needs no wrapper of its own.

/** A kernel export: numbers in, a number or nothing out. */
// biome-ignore lint/suspicious/noConfusingVoidType: some exports return nothing (void), which `undefined` does not type.
export type KernelFunction = (...args: number[]) => number | void;

/** `fn` after `enter()`, inside a try/catch whose catch throws `fail(error)`. */
export function guarded(fn: KernelFunction, enter: () => void, fail: (error: unknown) => Error): KernelFunction {
  switch (fn.length) {
    case 0:
      return () => {
        enter();
        try {
          return fn();
        } catch (error) {
          throw fail(error);
        }
      };
    case 1:
      return (a) => {
        enter();
        try {
          return fn(a);
        } catch (error) {
          throw fail(error);
        }
      };
    case 2:
      return (a, b) => {
        enter();
        try {
          return fn(a, b);
        } catch (error) {
          throw fail(error);
        }
      };
    case 3:
      return (a, b, c) => {
        enter();
        try {
          return fn(a, b, c);
        } catch (error) {
          throw fail(error);
        }
      };
    case 4:
      return (a, b, c, d) => {
        enter();
        try {
          return fn(a, b, c, d);
        } catch (error) {
          throw fail(error);
        }
      };
    case 5:
      return (a, b, c, d, e) => {
        enter();
        try {
          return fn(a, b, c, d, e);
        } catch (error) {
          throw fail(error);
        }
      };
    case 6:
      return (a, b, c, d, e, f) => {
        enter();
        try {
          return fn(a, b, c, d, e, f);
        } catch (error) {
          throw fail(error);
        }
      };
    default:
      return (...args) => {
        enter();
        try {
          return fn(...args);
        } catch (error) {
          throw fail(error);
        }
      };
  }
}
