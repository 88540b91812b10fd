// The errors a command reports as one line (no stack trace), with exit status 1
// (main.ts); any other error is a bug and keeps its stack.

/** Bad usage: an unknown option, a value out of range. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Input that cannot be read. */
export class InputError extends Error {
  override name = "InputError";
}

/** Output that cannot be written. */
export class OutputError extends Error {
  override name = "OutputError";
}
