// What a match gives a component's groups: their values in the name list's
// order, as the RegExp's captures come (undefined: a group that took no part).

/** A component's group values, in the name list's order. */
export type Groups = (string | undefined)[];

/**
 * The groups of a "*" component of a parsed URL (UrlMatcher.exec()): its
 * one group is the whole value, which the result reads itself, where an
 * array of it would be made and dropped at every exec().
 */
export const WHOLE: Groups = /* @__PURE__ */ Object.freeze([]) as unknown as Groups;
