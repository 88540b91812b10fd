// WebIDL's JavaScript binding of an interface: its attributes and operations
// are own, enumerable properties of its prototype object, its static
// operations own, enumerable properties of its interface object
// (#es-attributes, #es-operations). A class declaration makes them
// non-enumerable; a bound class takes them from its base as WebIDL places them.

/** Define each of `names` on `target` as `source`'s own property of that name, enumerable, in that order. */
export function exposeMembers(target: object, source: object, names: readonly string[]): void {
  for (const name of names) {
    Object.defineProperty(target, name, { ...Reflect.getOwnPropertyDescriptor(source, name), enumerable: true });
  }
}
