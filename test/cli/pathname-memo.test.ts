// PathnameMemo (packages/cli/src/commands/pathname-memo.ts): a value per
// distinct pathname's bytes, kept until the memo starts again; it stops
// where fewer look-ups found their pathname than not.
import { describe, expect, it } from "vitest";
import { PathnameMemo } from "../../packages/cli/src/commands/pathname-memo";

const encoder = new TextEncoder();

/** memo.get() of `path` in a buffer of its bytes between others; a new path is kept with `value`. */
function lookUp(memo: PathnameMemo, path: string, value: string | null): string | null | undefined {
  const bytes = encoder.encode(`x${path}y`);
  const found = memo.get(bytes, 1, bytes.length - 1);
  if (found === undefined) memo.keep(value);
  return found;
}

describe("PathnameMemo", () => {
  it("gives a pathname's kept value, telling apart paths that share a prefix, the empty path and null", () => {
    const memo = new PathnameMemo();
    expect(lookUp(memo, "/a", "A")).toBeUndefined();
    expect(lookUp(memo, "/a/", null)).toBeUndefined();
    expect(lookUp(memo, "", "E")).toBeUndefined();
    expect(lookUp(memo, "/a", "other")).toBe("A");
    expect(lookUp(memo, "/a/", "other")).toBeNull();
    expect(lookUp(memo, "", "other")).toBe("E");
    expect(lookUp(memo, "/b", "B")).toBeUndefined();
  });

  it("starts again past 65,536 pathnames and stops where fewer were found than kept", () => {
    const repeated = new PathnameMemo();
    for (let i = 0; i < 1 << 16; i++) {
      lookUp(repeated, `/p/${i}`, String(i));
      expect(lookUp(repeated, `/p/${i}`, "other")).toBe(String(i));
    }
    // The memo is full: the next new path starts it again.
    expect(lookUp(repeated, "/q", "Q")).toBeUndefined();
    expect(repeated.paying).toBe(true);
    expect(lookUp(repeated, "/p/0", "again")).toBeUndefined();
    expect(lookUp(repeated, "/p/0", "other")).toBe("again");
    const distinct = new PathnameMemo();
    for (let i = 0; i <= 1 << 16; i++) lookUp(distinct, `/p/${i}`, String(i));
    expect(distinct.paying).toBe(false);
  });
});
