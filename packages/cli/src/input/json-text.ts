// A parsed JSON value as JSON text, at any depth. JSON.stringify() recurses
// and throws a RangeError past about 5,000 levels of arrays or objects (a
// record of 10 KB of brackets); JSON.parse() does not. Values that deep take
// the iterative writer below, which gives JSON.stringify()'s text.

/** JSON text of `value` (a value JSON.parse() made). */
export function jsonString(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return deepJsonString(value);
  }
}

/** What is left to write: a value, or text (a separator, a key, a closing bracket). */
type Step = { value: unknown } | string;

/** JSON.stringify()'s text of a JSON.parse() value, with a stack of its own instead of recursion. */
function deepJsonString(value: unknown): string {
  const out: string[] = [];
  const steps: Step[] = [{ value }];
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if (typeof step === "string") {
      out.push(step);
      continue;
    }
    const v = step.value;
    if (Array.isArray(v)) {
      // Pushed in reverse: popped in order.
      steps.push("]");
      for (let i = v.length - 1; i >= 0; i--) {
        steps.push({ value: v[i] });
        if (i > 0) steps.push(",");
      }
      out.push("[");
    } else if (typeof v === "object" && v !== null) {
      const keys = Object.keys(v);
      steps.push("}");
      for (let i = keys.length - 1; i >= 0; i--) {
        steps.push({ value: (v as Record<string, unknown>)[keys[i]] });
        steps.push(`${i > 0 ? "," : ""}${JSON.stringify(keys[i])}:`);
      }
      out.push("{");
    } else out.push(JSON.stringify(v));
  }
  return out.join("");
}
