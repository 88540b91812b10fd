// Argument checks shared by the public functions. A wrong argument is a
// TypeError whose message names the function and the argument and says what
// was passed, in a few words: never the whole of a 10 MB string, and never by
// calling user code (toString, toJSON, getters) that could throw or loop.

const ARTICLES: Record<string, string> = {
  undefined: "undefined",
  boolean: "a boolean",
  number: "a number",
  bigint: "a bigint",
  string: "a string",
  symbol: "a symbol",
  function: "a function",
};

/** What `value` is, for a message: "a number", "null", "an array", "a Uint16Array", "an object". */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return ARTICLES[typeof value];
  if (Array.isArray(value)) return "an array";
  if (ArrayBuffer.isView(value)) return `a ${Object.prototype.toString.call(value).slice(8, -1)}`;
  return "an object";
}

/** `s` as a JSON string literal, cut after `max` UTF-16 units with a note of its length. */
export function quote(s: string, max = 80): string {
  if (s.length <= max) return JSON.stringify(s);
  return `${JSON.stringify(s.slice(0, max))}... (${s.length} characters)`;
}

/** Throw the TypeError of `fn` when its argument `arg` is not a string. */
export function expectString(value: unknown, fn: string, arg: string): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${fn}: ${arg} must be a string, got ${typeName(value)}`);
}

/** Throw the TypeError of `fn` when `options` is neither undefined nor an object. */
export function expectOptions(options: unknown, fn: string): asserts options is object | undefined {
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new TypeError(`${fn}: options must be an object, got ${typeName(options)}`);
  }
}

/** Whether `buffer` has been detached (transferred): views over it read as empty. */
export function isDetached(buffer: ArrayBufferLike): boolean {
  // ArrayBuffer.prototype.detached is newer than Node 20; making a view of a
  // detached buffer throws a TypeError everywhere.
  try {
    new Uint8Array(buffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}
