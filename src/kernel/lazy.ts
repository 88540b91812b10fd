/** A value made on first use, then kept: the default exports' kernel instance, a class's tools. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
