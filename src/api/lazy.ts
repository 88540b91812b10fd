/** A value made on first use, then kept: for what the default exports share. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
